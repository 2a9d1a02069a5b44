/** The playground's views read stores with the primitives layer's one `useStore`. */
export { useStore } from '@sextant/ui';
