/**
 * The endpoint reference page: method, path with highlighted parameters, description,
 * parameter lists, request body, responses, errors, code snippets and examples, and "Try it".
 */
import { type AuthScheme, inlineObjectProperties, type Parameter } from '@sextant/definition';
import { typeLabel } from '../shared/format.js';
import { fullPageUrl, type PageView, type SiteView } from '../shared/page-data.js';
import { CodeTabsIsland } from './code-tabs.js';
import { Examples } from './example-cards.js';
import { TryIt } from './explorer.js';
import { InlineTitle } from './inline-title.js';
import { MethodBadge, PathView } from './method-badge.js';
import { PageActions } from './page-actions.js';
import { ResponseTabs } from './response-tabs.js';
import { Description, PropertyRows, type SchemaContext, ShapeBlock, TextDescription } from './type-view.js';

type EndpointView = Extract<PageView, { kind: 'endpoint' }>;

export function ParameterSection({
  title,
  parameters,
  ctx,
}: {
  title: string;
  parameters: Parameter[];
  ctx: SchemaContext;
}) {
  if (parameters.length === 0) return null;
  return (
    <section className="sx-section" aria-label={title}>
      <h2>{title}</h2>
      <PropertyRows rows={parameters} ctx={ctx} />
    </section>
  );
}

/** What a reference page's views read: its definition slice and where its full view is. */
export function schemaContext(
  page: Extract<PageView, { definition: unknown }>,
  site: SiteView,
): SchemaContext {
  return { definition: page.definition, fullPageUrl: fullPageUrl(site, page.slug) };
}

export function EndpointPage({ page, site }: { page: EndpointView; site: SiteView }) {
  const ctx = schemaContext(page, site);
  const endpoint = page.definition.endpoints[page.endpointId];
  if (!endpoint) return <p>Endpoint not found.</p>;
  const request = endpoint.requests[0];
  return (
    <article className="sx-reference">
      <div className="sx-reference-main">
        <header className="sx-page-header">
          <h1>
            <InlineTitle text={endpoint.title} />
          </h1>
          <div className="sx-endpoint-line">
            <MethodBadge method={endpoint.method} />
            <PathView path={endpoint.path} />
            <TryIt id={endpoint.id} site={site} fullPageUrl={ctx.fullPageUrl} />
          </div>
          {endpoint.availability && endpoint.availability !== 'stable' ? (
            <span className="sx-badge sx-warn">{endpoint.availability}</span>
          ) : null}
          <PageActions actions={page.actions} markdownUrl={page.markdownUrl} />
        </header>
        <Description html={page.description} />
        {endpoint.auth.length > 0 ? (
          <section className="sx-section" aria-label="Authentication">
            <h2>Authentication</h2>
            <ul className="sx-auth-list">
              {endpoint.auth.map((id) => {
                const scheme = page.definition.auths[id];
                return <li key={id}>{scheme ? authLabel(scheme) : id}</li>;
              })}
            </ul>
          </section>
        ) : null}
        <ParameterSection title="Path parameters" parameters={endpoint.pathParameters} ctx={ctx} />
        <ParameterSection title="Query parameters" parameters={endpoint.queryParameters} ctx={ctx} />
        <ParameterSection title="Headers" parameters={endpoint.requestHeaders} ctx={ctx} />
        {request ? (
          <section className="sx-section" aria-label="Request body">
            <h2>
              Request body <span className="sx-content-type">{request.contentType}</span>
            </h2>
            <TextDescription text={request.description} />
            {request.body.type === 'object' ? (
              <PropertyRows rows={inlineObjectProperties(request.body, page.definition.types)} ctx={ctx} />
            ) : request.body.type === 'alias' ? (
              <ShapeBlock shape={request.body.shape} ctx={ctx} />
            ) : request.body.type === 'formData' ? (
              <ul className="sx-props">
                {request.body.fields.map((field) => (
                  <li key={field.key} className="sx-prop">
                    <div className="sx-prop-head">
                      <code className="sx-prop-name">{field.key}</code>
                      <span className="sx-type">
                        {field.type === 'property'
                          ? typeLabel(field.valueShape, page.definition)
                          : field.type === 'files'
                            ? 'files'
                            : 'file'}
                      </span>
                    </div>
                    <TextDescription text={field.description} />
                  </li>
                ))}
              </ul>
            ) : (
              <p>Raw bytes{request.body.isOptional ? ' (optional)' : ''}.</p>
            )}
          </section>
        ) : null}
        {endpoint.responses.map((response, r) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: a spec may list one status twice; the position is the identity
            key={`${response.statusCode}-${r}`}
            className="sx-section"
            aria-label={`Response ${response.statusCode}`}
          >
            <h2>
              Response <span className="sx-status sx-status-ok">{response.statusCode}</span>
              {response.contentType ? <span className="sx-content-type">{response.contentType}</span> : null}
            </h2>
            <TextDescription text={response.description} />
            {response.headers?.length ? (
              <div className="sx-response-headers">
                <h3>Response headers</h3>
                <PropertyRows rows={response.headers} ctx={ctx} />
              </div>
            ) : null}
            {response.body.type === 'object' ? (
              <PropertyRows rows={inlineObjectProperties(response.body, page.definition.types)} ctx={ctx} />
            ) : response.body.type === 'alias' ? (
              <ShapeBlock shape={response.body.shape} ctx={ctx} />
            ) : response.body.type === 'stream' ? (
              <>
                <p>
                  A stream of events (
                  {response.body.framing === 'sse' ? 'server-sent events' : 'newline-delimited JSON'}
                  {response.body.terminator ? `, ending with ${response.body.terminator}` : ''}). Each event:
                </p>
                <ShapeBlock shape={response.body.shape} ctx={ctx} />
              </>
            ) : response.body.type === 'fileDownload' ? (
              <p>A file ({response.body.contentType}).</p>
            ) : response.body.type === 'streamingText' ? (
              <p>Streamed text ({response.body.contentType}).</p>
            ) : (
              <p>No body.</p>
            )}
          </section>
        ))}
        {endpoint.errors.length > 0 ? (
          <section className="sx-section" aria-label="Errors">
            <h2>Errors</h2>
            <ul className="sx-props">
              {endpoint.errors.map((error, i) => (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: a spec may list one status twice; the position is the identity
                  key={`${error.statusCode}-${i}`}
                  className="sx-prop"
                >
                  <div className="sx-prop-head">
                    <span className="sx-status sx-status-error">
                      {error.statusCode === 0 ? 'default' : error.statusCode}
                    </span>
                    {error.name ? <code className="sx-prop-name">{error.name}</code> : null}
                    {error.shape ? (
                      <span className="sx-type">{typeLabel(error.shape, page.definition)}</span>
                    ) : null}
                  </div>
                  <TextDescription text={error.description} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      <aside className="sx-reference-aside" aria-label="Code examples">
        {page.snippets.length > 0 ? <CodeTabsIsland title="Request" tabs={page.snippets} /> : null}
        {page.responseExamples.length > 0 ? (
          <ResponseTabs tabs={page.responseExamples} fullPageUrl={ctx.fullPageUrl} />
        ) : null}
        {/* One example is what the Request and Response cards show already; several are choices. */}
        {page.examples.length > 1 ? (
          <Examples examples={page.examples} fullPageUrl={ctx.fullPageUrl} />
        ) : null}
      </aside>
    </article>
  );
}

function authLabel(scheme: AuthScheme): string {
  switch (scheme.type) {
    case 'bearerAuth':
      return 'Bearer token (Authorization: Bearer …)';
    case 'basicAuth':
      return 'Basic authentication (username and password)';
    case 'header':
      return `API key in header ${scheme.headerWireValue}`;
    case 'queryParameter':
      return `API key in query parameter ${scheme.queryParameterName}`;
    case 'oAuth':
      return 'OAuth 2.0 client credentials';
  }
}
