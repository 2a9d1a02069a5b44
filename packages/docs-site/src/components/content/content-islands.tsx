/**
 * The islands of page bodies for the browser's island table. This module is a lazy chunk there,
 * loaded only by pages that hold one, so a reference page's first load stays as it was.
 */
import { contentIslands } from './content.js';

export const CONTENT_ISLANDS = contentIslands();
