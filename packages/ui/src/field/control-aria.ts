/**
 * The one rule of a control's description wiring: `aria-describedby` names the hint and the
 * error message that are shown (in that order), and `aria-invalid` is set only while there is
 * an error. Both attributes are absent when there is nothing to point at.
 */
export interface ControlAria {
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

/**
 * @example
 * controlAria({ hintId: 'h1', errorId: 'e1' }); // { 'aria-describedby': 'h1 e1', 'aria-invalid': true }
 */
export function controlAria({
  hintId,
  errorId,
}: {
  hintId?: string | undefined;
  errorId?: string | undefined;
}): ControlAria {
  const describedBy = [hintId, errorId].filter((id): id is string => Boolean(id)).join(' ');
  return {
    'aria-describedby': describedBy === '' ? undefined : describedBy,
    'aria-invalid': errorId ? true : undefined,
  };
}
