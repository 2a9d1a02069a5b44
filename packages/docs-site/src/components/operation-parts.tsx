/**
 * The parts of an HTTP exchange a reference page lists: parameters, the request body, each
 * response and the errors. The endpoint page shows them as its sections (`h2`); a callback under
 * it shows its own with the same views one level down (`h4`).
 */
import {
  type ErrorResponse,
  type HttpRequest,
  type HttpResponse,
  inlineObjectProperties,
  type Parameter,
} from '@sextant/definition';
import { typeLabel } from '../shared/format.js';
import { PropertyRows, type SchemaContext, ShapeBlock, TextDescription } from './type-view.js';

/** Heading level of a part: 2 on the endpoint page, 4 inside a callback. */
export type PartLevel = 2 | 4;

function Heading({ level, children }: { level: PartLevel; children: React.ReactNode }) {
  return level === 2 ? <h2>{children}</h2> : <h4>{children}</h4>;
}

export function ParameterSection({
  title,
  parameters,
  ctx,
  level = 2,
}: {
  title: string;
  parameters: readonly Parameter[];
  ctx: SchemaContext;
  level?: PartLevel;
}) {
  if (parameters.length === 0) return null;
  return (
    <section className="sx-section" aria-label={title}>
      <Heading level={level}>{title}</Heading>
      <PropertyRows rows={parameters} ctx={ctx} />
    </section>
  );
}

export function RequestBodySection({
  request,
  ctx,
  level = 2,
}: {
  request: HttpRequest;
  ctx: SchemaContext;
  level?: PartLevel;
}) {
  const definition = ctx.definition;
  return (
    <section className="sx-section" aria-label="Request body">
      <Heading level={level}>
        Request body <span className="sx-content-type">{request.contentType}</span>
      </Heading>
      <TextDescription text={request.description} />
      {request.body.type === 'object' ? (
        <PropertyRows rows={inlineObjectProperties(request.body, definition.types)} ctx={ctx} />
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
                    ? typeLabel(field.valueShape, definition)
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
  );
}

export function ResponseSection({
  response,
  ctx,
  level = 2,
}: {
  response: HttpResponse;
  ctx: SchemaContext;
  level?: PartLevel;
}) {
  return (
    <section className="sx-section" aria-label={`Response ${response.statusCode}`}>
      <Heading level={level}>
        Response <span className="sx-status sx-status-ok">{response.statusCode}</span>
        {response.contentType ? <span className="sx-content-type">{response.contentType}</span> : null}
      </Heading>
      <TextDescription text={response.description} />
      {response.headers?.length ? (
        <div className="sx-response-headers">
          {level === 2 ? <h3>Response headers</h3> : <h5>Response headers</h5>}
          <PropertyRows rows={response.headers} ctx={ctx} />
        </div>
      ) : null}
      {response.body.type === 'object' ? (
        <PropertyRows rows={inlineObjectProperties(response.body, ctx.definition.types)} ctx={ctx} />
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
  );
}

export function ErrorsSection({
  errors,
  ctx,
  level = 2,
}: {
  errors: ErrorResponse[];
  ctx: SchemaContext;
  level?: PartLevel;
}) {
  if (errors.length === 0) return null;
  return (
    <section className="sx-section" aria-label="Errors">
      <Heading level={level}>Errors</Heading>
      <ul className="sx-props">
        {errors.map((error, i) => (
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
              {error.shape ? <span className="sx-type">{typeLabel(error.shape, ctx.definition)}</span> : null}
            </div>
            <TextDescription text={error.description} />
          </li>
        ))}
      </ul>
    </section>
  );
}
