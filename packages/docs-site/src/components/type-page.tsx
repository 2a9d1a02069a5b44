/** A named type's page: its description and shape. */
import type { PageView, SiteView } from '../shared/page-data.js';
import { schemaContext } from './endpoint-page.js';
import { PageHeader } from './page-header.js';
import { Description, type SchemaContext, ShapeBlock } from './type-view.js';

export function TypePage({ page, site }: { page: Extract<PageView, { kind: 'type' }>; site: SiteView }) {
  const ctx: SchemaContext = schemaContext(page, site);
  const type = page.definition.types[page.typeId];
  if (!type) return <p>Type not found.</p>;
  return (
    <article className="sx-reference sx-reference-single">
      <div className="sx-reference-main">
        <PageHeader title={type.name} page={page} />
        <Description html={page.description} />
        <ShapeBlock shape={{ type: 'id', id: type.id }} ctx={ctx} />
      </div>
    </article>
  );
}
