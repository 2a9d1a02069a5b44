/** The webhook page: the event name and method, headers, payload schema and examples. */
import type { PageView, SiteView } from '../shared/page-data.js';
import { ParameterSection, schemaContext } from './endpoint-page.js';
import { Examples } from './example-cards.js';
import { InlineTitle } from './inline-title.js';
import { MethodBadge } from './method-badge.js';
import { PageHeader } from './page-header.js';
import { Description, type SchemaContext, ShapeBlock, TextDescription } from './type-view.js';

export function WebhookPage({
  page,
  site,
}: {
  page: Extract<PageView, { kind: 'webhook' }>;
  site: SiteView;
}) {
  const ctx: SchemaContext = schemaContext(page, site);
  const webhook = page.definition.webhooks[page.webhookId];
  if (!webhook) return <p>Webhook not found.</p>;
  return (
    <article className="sx-reference">
      <div className="sx-reference-main">
        <PageHeader title={<InlineTitle text={webhook.title} />} page={page}>
          <div className="sx-endpoint-line">
            <MethodBadge method={webhook.method} />
            <code className="sx-path">{webhook.name}</code>
            <span className="sx-badge">webhook</span>
          </div>
        </PageHeader>
        <Description html={page.description} />
        <ParameterSection title="Headers" parameters={webhook.headers} ctx={ctx} />
        <section className="sx-section" aria-label="Payload">
          <h2>
            Payload <span className="sx-content-type">{webhook.payload.contentType}</span>
          </h2>
          <TextDescription text={webhook.payload.description} />
          <ShapeBlock shape={webhook.payload.shape} ctx={ctx} />
        </section>
      </div>
      <aside className="sx-reference-aside" aria-label="Examples">
        <Examples examples={page.examples} fullPageUrl={ctx.fullPageUrl} />
      </aside>
    </article>
  );
}
