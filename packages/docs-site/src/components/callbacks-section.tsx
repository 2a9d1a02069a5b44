/**
 * An operation's callbacks on its reference page: each request the API sends back, shown like an
 * endpoint one level down: its name, method and URL expression, headers, body and the responses
 * it expects from the receiver.
 */
import type { Callback } from '@sextant/definition';
import { InlineTitle } from './inline-title.js';
import { MethodBadge } from './method-badge.js';
import { ErrorsSection, ParameterSection, RequestBodySection, ResponseSection } from './operation-parts.js';
import { type SchemaContext, TextDescription } from './type-view.js';

/** Anchor of one callback on its operation's page (`callback-onPaid-post`). */
export function callbackAnchor(callback: Callback, index: number): string {
  const name = callback.name.replace(/[^A-Za-z0-9_-]+/g, '-');
  return `callback-${name || index}-${callback.method.toLowerCase()}`;
}

export function CallbacksSection({ callbacks, ctx }: { callbacks: Callback[]; ctx: SchemaContext }) {
  return (
    <section className="sx-section sx-callbacks" aria-label="Callbacks">
      <h2>Callbacks</h2>
      {callbacks.map((callback, index) => {
        const anchor = callbackAnchor(callback, index);
        const request = callback.requests[0];
        return (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: one name may hold several URLs and methods; the position is the identity
            key={`${anchor}-${index}`}
            id={anchor}
            className="sx-callback"
            aria-label={`Callback ${callback.name}`}
          >
            <h3>
              <code>{callback.name}</code>
              {callback.title ? (
                <>
                  {' '}
                  <InlineTitle text={callback.title} />
                </>
              ) : null}
            </h3>
            <div className="sx-endpoint-line">
              <MethodBadge method={callback.method} />
              <code className="sx-path sx-callback-url">{callback.expression}</code>
            </div>
            <TextDescription text={callback.description} />
            <ParameterSection title="Headers" parameters={callback.requestHeaders} ctx={ctx} level={4} />
            {request ? <RequestBodySection request={request} ctx={ctx} level={4} /> : null}
            {callback.responses.map((response, r) => (
              <ResponseSection
                // biome-ignore lint/suspicious/noArrayIndexKey: a spec may list one status twice; the position is the identity
                key={`${response.statusCode}-${r}`}
                response={response}
                ctx={ctx}
                level={4}
              />
            ))}
            <ErrorsSection errors={callback.errors} ctx={ctx} level={4} />
          </section>
        );
      })}
    </section>
  );
}
