/** What an open expander shows, from the page's full definition (a lazy chunk of the expander island). */
import type { ApiDefinition, TypeId, TypeReference } from '@sextant/definition';
import { ExpansionView, expansionOf } from './type-view.js';

export default function ExpansionBody({
  shape,
  seen,
  definition,
  fullPageUrl,
}: {
  shape: TypeReference;
  seen: TypeId[];
  definition: ApiDefinition;
  fullPageUrl: string;
}) {
  const { expansion } = expansionOf(shape, definition);
  return expansion ? (
    <ExpansionView expansion={expansion} ctx={{ definition, fullPageUrl }} seen={seen} />
  ) : null;
}
