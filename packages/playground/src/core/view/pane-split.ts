/**
 * The default split of the explorer's form and cards (SPEC §2): 50 percent each, or in pixel
 * mode 300 px for the left pane and the rest for the right. Sizes are react-resizable-panels
 * sizes (a string with a unit).
 */
export type PaneSplit = 'percent' | 'pixel';

export const PIXEL_LEFT_PANE = '300px';

/**
 * @example
 * paneDefaults('pixel'); // { left: '300px', right: undefined }
 */
export function paneDefaults(split: PaneSplit = 'percent'): { left: string; right: string | undefined } {
  return split === 'pixel' ? { left: PIXEL_LEFT_PANE, right: undefined } : { left: '50%', right: '50%' };
}
