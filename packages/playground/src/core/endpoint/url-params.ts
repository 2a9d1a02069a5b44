/**
 * URL helpers of the explorer: closing removes the `explorer` parameter (and the form
 * parameter) from the current address; deep links read the form parameter back.
 */
import { FORM_PARAM } from './deep-link.js';

/** The URL parameter that opens the explorer (owned by the docs site). */
export const EXPLORER_PARAM = 'explorer';

/**
 * The address without the explorer parameters.
 *
 * @example
 * withoutExplorerParams('https://d.io/api/pets?explorer=get-pets&x=1') // 'https://d.io/api/pets?x=1'
 */
export function withoutExplorerParams(href: string): string {
  const url = new URL(href);
  url.searchParams.delete(EXPLORER_PARAM);
  url.searchParams.delete(FORM_PARAM);
  return url.toString();
}

/** Whether "View in API Reference" navigates shallowly (same API reference, SPEC §2). */
export function isShallowNavigation(apiReferenceId: string | undefined, definitionId: string): boolean {
  return apiReferenceId !== undefined && apiReferenceId === definitionId;
}
