/**
 * The endpoint reference page: method, path with highlighted parameters, description,
 * parameter lists, request body, responses, errors, callbacks, code snippets and examples, and "Try it".
 */
import { type AuthScheme, cookieParametersOf, describeOAuthFlows } from '@sextant/definition';
import { fullPageUrl, type PageView, type SiteView, snippetTab } from '../shared/page-data.js';
import { CallbacksSection } from './callbacks-section.js';
import { CodeTabsIsland } from './code-tabs.js';
import { Examples } from './example-cards.js';
import { TryIt } from './explorer.js';
import { InlineTitle } from './inline-title.js';
import { MethodBadge, PathView } from './method-badge.js';
import { ErrorsSection, ParameterSection, RequestBodySection, ResponseSection } from './operation-parts.js';
import { PageHeader } from './page-header.js';
import { ResponseTabs } from './response-tabs.js';
import { Description, type SchemaContext } from './type-view.js';

type EndpointView = Extract<PageView, { kind: 'endpoint' }>;

export { ParameterSection } from './operation-parts.js';

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
        <PageHeader title={<InlineTitle text={endpoint.title} />} page={page}>
          <div className="sx-endpoint-line">
            <MethodBadge method={endpoint.method} />
            <PathView path={endpoint.path} />
            <TryIt id={endpoint.id} site={site} fullPageUrl={ctx.fullPageUrl} />
          </div>
          {endpoint.availability && endpoint.availability !== 'stable' ? (
            <span className="sx-badge sx-warn">{endpoint.availability}</span>
          ) : null}
        </PageHeader>
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
        <ParameterSection title="Cookies" parameters={cookieParametersOf(endpoint)} ctx={ctx} />
        {request ? <RequestBodySection request={request} ctx={ctx} /> : null}
        {endpoint.responses.map((response, r) => (
          <ResponseSection
            // biome-ignore lint/suspicious/noArrayIndexKey: a spec may list one status twice; the position is the identity
            key={`${response.statusCode}-${r}`}
            response={response}
            ctx={ctx}
          />
        ))}
        <ErrorsSection errors={endpoint.errors} ctx={ctx} />
        {endpoint.callbacks?.length ? <CallbacksSection callbacks={endpoint.callbacks} ctx={ctx} /> : null}
      </div>
      <aside className="sx-reference-aside" aria-label="Code examples">
        {page.snippets.length > 0 ? (
          <CodeTabsIsland title="Request" tabs={page.snippets.map(snippetTab)} />
        ) : null}
        {page.responseExamples.length > 0 ? (
          <ResponseTabs tabs={page.responseExamples.map(snippetTab)} fullPageUrl={ctx.fullPageUrl} />
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
      return `OAuth 2.0 ${describeOAuthFlows(scheme)}`;
  }
}
