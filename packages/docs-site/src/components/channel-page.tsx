/** The WebSocket channel page: path, parameters, client and server messages, replies, and "Try it". */
import type { PageView, SiteView } from '../shared/page-data.js';
import { ChannelReplies } from './channel-replies.js';
import { ParameterSection, schemaContext } from './endpoint-page.js';
import { TryIt } from './explorer.js';
import { InlineTitle } from './inline-title.js';
import { MethodBadge, PathView } from './method-badge.js';
import { PageHeader } from './page-header.js';
import { Description, type SchemaContext, ShapeBlock, TextDescription } from './type-view.js';

export function ChannelPage({
  page,
  site,
}: {
  page: Extract<PageView, { kind: 'channel' }>;
  site: SiteView;
}) {
  const ctx: SchemaContext = schemaContext(page, site);
  const channel = page.definition.websockets[page.channelId];
  if (!channel) return <p>Channel not found.</p>;
  return (
    <article className="sx-reference sx-reference-single">
      <div className="sx-reference-main">
        <PageHeader title={<InlineTitle text={channel.title} />} page={page}>
          <div className="sx-endpoint-line">
            <MethodBadge method="WSS" />
            <PathView path={channel.path} />
            <TryIt id={channel.id} site={site} fullPageUrl={ctx.fullPageUrl} />
          </div>
        </PageHeader>
        <Description html={page.description} />
        <ParameterSection title="Path parameters" parameters={channel.pathParameters} ctx={ctx} />
        <ParameterSection title="Query parameters" parameters={channel.queryParameters} ctx={ctx} />
        <ParameterSection title="Headers" parameters={channel.requestHeaders} ctx={ctx} />
        {(['client', 'server'] as const).map((origin) => {
          const messages = channel.messages.map((m, i) => ({ m, i })).filter(({ m }) => m.origin === origin);
          if (messages.length === 0) return null;
          return (
            <section
              key={origin}
              className="sx-section"
              aria-label={origin === 'client' ? 'Messages you send' : 'Messages you receive'}
            >
              <h2>{origin === 'client' ? 'Messages you send' : 'Messages you receive'}</h2>
              {messages.map(({ m, i }) => (
                <div key={`${m.type}-${i}`} className="sx-message">
                  <h3>
                    <InlineTitle text={m.displayName ?? m.type} />{' '}
                    <span className="sx-badge">
                      {origin === 'client' ? 'client → server' : 'server → client'}
                    </span>
                  </h3>
                  <TextDescription text={m.description} />
                  <ShapeBlock shape={m.body} ctx={ctx} />
                </div>
              ))}
            </section>
          );
        })}
        {channel.replies ? <ChannelReplies replies={channel.replies} /> : null}
      </div>
    </article>
  );
}
