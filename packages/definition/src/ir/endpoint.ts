/**
 * HTTP endpoints, WebSocket channels and webhooks: the operations a docs page documents and a
 * playground can try.
 */
import type { AuthSchemeId } from './auth.js';
import type { Availability, ObjectProperty, TypeId, TypeReference } from './types.js';

export type EndpointId = string;
export type ChannelId = string;
export type WebhookId = string;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE';

export type PathPart = { type: 'literal'; value: string } | { type: 'pathParameter'; name: string };

/** OpenAPI serialisation style of a parameter. */
export type ParameterStyle =
  | 'form'
  | 'simple'
  | 'label'
  | 'matrix'
  | 'deepObject'
  | 'pipeDelimited'
  | 'spaceDelimited';

export interface Parameter {
  /** Wire name. */
  key: string;
  /** Optional parameters are wrapped in `{ type: 'optional' }`. */
  valueShape: TypeReference;
  description?: string;
  availability?: Availability;
  style?: ParameterStyle;
  explode?: boolean;
  allowReserved?: boolean;
  /** Values the spec gives for this parameter (`example`, `examples`, its schema's), JSON values. */
  examples?: unknown[];
}

/** A server (OpenAPI `servers`, AsyncAPI `servers`) the operation can be sent to. */
export interface Environment {
  id: string;
  /** The base URL with server variables replaced by their defaults. */
  baseUrl: string;
  description?: string;
  /** Server variables, so the playground can let the reader edit them. */
  variables?: { name: string; default: string; enum?: string[]; description?: string }[];
  /** With `variables`: the server URL as written, `{name}` where each variable goes. */
  urlTemplate?: string;
}

export type FormDataField =
  | { type: 'file'; key: string; isOptional: boolean; contentType?: string; description?: string }
  | { type: 'files'; key: string; isOptional: boolean; contentType?: string; description?: string }
  | {
      type: 'property';
      key: string;
      valueShape: TypeReference;
      contentType?: string;
      description?: string;
      style?: ParameterStyle;
      explode?: boolean;
      /** Values the spec gives for this field (its schema's `example`, `examples`), JSON values. */
      examples?: unknown[];
    };

export type RequestBody =
  /** An inline object schema. */
  | { type: 'object'; extends: TypeId[]; properties: ObjectProperty[] }
  /** Any other JSON-ish body, by reference or structural shape. */
  | { type: 'alias'; shape: TypeReference }
  /** multipart/form-data or application/x-www-form-urlencoded. */
  | { type: 'formData'; fields: FormDataField[] }
  /** Raw bytes (application/octet-stream, images, ...). */
  | { type: 'bytes'; isOptional: boolean };

export interface HttpRequest {
  contentType: string;
  body: RequestBody;
  description?: string;
  /** False when the spec marks the body as not required. */
  isOptional?: boolean;
}

export type StreamFraming = 'sse' | 'ndjson';

export type ResponseBody =
  | { type: 'object'; extends: TypeId[]; properties: ObjectProperty[] }
  | { type: 'alias'; shape: TypeReference }
  /** A file the reader downloads or previews (binary, audio, PDF, images, ...). */
  | { type: 'fileDownload'; contentType: string }
  /** Plain text that arrives in chunks with no framing. */
  | { type: 'streamingText'; contentType: string }
  /** Framed stream of JSON events (SSE `data:` lines or newline-delimited JSON). */
  | {
      type: 'stream';
      framing: StreamFraming;
      /** Shape of one event's payload. */
      shape: TypeReference;
      /** Payload that ends the stream, e.g. `[DONE]`. */
      terminator?: string;
    }
  /** No body (204, HEAD, ...). */
  | { type: 'empty' };

export interface HttpResponse {
  statusCode: number;
  contentType?: string;
  body: ResponseBody;
  description?: string;
  headers?: Parameter[];
}

export interface ErrorResponse {
  /** A concrete status, or 0 for the spec's `default` response. */
  statusCode: number;
  name?: string;
  description?: string;
  contentType?: string;
  shape?: TypeReference;
}

export interface CodeSample {
  language: string;
  label?: string;
  code: string;
}

/** A complete worked example of one call. JSON values throughout. */
export interface EndpointExample {
  name?: string;
  description?: string;
  pathParameters: Record<string, unknown>;
  queryParameters: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** Cookie values by name; omitted when the endpoint has no cookie parameter. */
  cookies?: Record<string, unknown>;
  /** Omitted when the request has no body. */
  requestBody?: unknown;
  responseStatusCode: number;
  /** JSON body, or for stream responses `{ events: [...] }`. Omitted for files and empty bodies. */
  responseBody?: unknown;
  codeSamples?: CodeSample[];
  /** True when Sextant made it up because the spec gave none. */
  synthesized: boolean;
  /**
   * Parts of a spec example that do not match their schema. They are shown and sent as the
   * author wrote them, with this note; never replaced.
   */
  problems?: ExampleProblem[];
  /** Parts the spec example left out that synthesis filled in (`requestBody`, `queryParameters.limit`, …). */
  filled?: string[];
  /**
   * True once example synthesis has checked every part against its schema (`completeExample`,
   * the response body against the first response of `responseStatusCode`): `problems` then names
   * each part that breaks it, and a reader need not check again.
   */
  checked?: boolean;
}

/** Where a spec example breaks its schema: the part, the path inside its value, and why. */
export interface ExampleProblem {
  part:
    | 'pathParameters'
    | 'queryParameters'
    | 'headers'
    | 'cookies'
    | 'requestBody'
    | 'responseBody'
    | 'payload';
  /** The parameter's key, for parameter parts. */
  key?: string;
  /** Object keys and list indexes from the part's value. */
  path: (string | number)[];
  message: string;
}

export interface Endpoint {
  id: EndpointId;
  method: HttpMethod;
  title: string;
  /** The spec's operationId, kept for SDK snippet lookups. */
  operationId?: string;
  description?: string;
  availability?: Availability;
  path: PathPart[];
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  requestHeaders: Parameter[];
  /**
   * OpenAPI `in: cookie` parameters (form style), sent together in one `Cookie` header. Absent
   * when the operation declares none; read it with `cookieParametersOf`.
   */
  cookieParameters?: Parameter[];
  /** Alternatives by content type; the first is the default. Empty when there is no body. */
  requests: HttpRequest[];
  /** Success responses; the first is the one the playground expects. */
  responses: HttpResponse[];
  errors: ErrorResponse[];
  examples: EndpointExample[];
  /** Any one of these schemes suffices. Empty means no auth. */
  auth: AuthSchemeId[];
  /**
   * The spec's security requirements in order, when one of them names two or more schemes that
   * are sent together (an API key and an app token): any one requirement suffices, every scheme
   * of it applies. Absent when each scheme of `auth` suffices alone.
   */
  authRequirements?: AuthSchemeId[][];
  environments: Environment[];
  /**
   * JSON-RPC method called through this endpoint. `paramStructure: 'by-position'` means the
   * server wants `params` as an array in the order of the body's properties (default: by name).
   */
  protocol?: { type: 'openrpc'; methodName: string; paramStructure?: 'by-name' | 'by-position' };
  codeSamples?: CodeSample[];
  /** True for endpoints the importer added (an OAuth token endpoint missing from the spec). */
  synthetic?: boolean;
  /** Requests the API sends back to a URL the caller gave (OpenAPI `callbacks`), in spec order. */
  callbacks?: Callback[];
}

/**
 * An OpenAPI callback: one request the API makes, when something happens, to a URL the call
 * supplied. Its URL is a runtime expression (`{$request.body#/callbackUrl}`), kept as written.
 */
export interface Callback {
  /** The callback's key under the operation's `callbacks` (`onPaymentDone`). */
  name: string;
  /** The URL as a runtime expression, as written in the spec. */
  expression: string;
  method: HttpMethod;
  /** The callback operation's summary. */
  title?: string;
  description?: string;
  requestHeaders: Parameter[];
  /** Alternatives by content type, as an endpoint's. Empty when there is no body. */
  requests: HttpRequest[];
  /** The answers the API expects from the receiver. */
  responses: HttpResponse[];
  errors: ErrorResponse[];
}

export type MessageOrigin = 'client' | 'server';

export interface WebSocketMessage {
  /** Discriminates messages of the channel (AsyncAPI message name or id). */
  type: string;
  origin: MessageOrigin;
  displayName?: string;
  description?: string;
  body: TypeReference;
}

export interface ChannelExample {
  name?: string;
  pathParameters: Record<string, unknown>;
  queryParameters: Record<string, unknown>;
  headers: Record<string, unknown>;
  messages: { type: string; origin: MessageOrigin; body: unknown }[];
  synthesized: boolean;
}

export interface WebSocketChannel {
  id: ChannelId;
  title: string;
  description?: string;
  availability?: Availability;
  path: PathPart[];
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  requestHeaders: Parameter[];
  environments: Environment[];
  auth: AuthSchemeId[];
  messages: WebSocketMessage[];
  examples: ChannelExample[];
  /** AsyncAPI 3 operation replies: what answers a message of this channel, and where. */
  replies?: ChannelReply[];
}

/** An AsyncAPI 3 operation's `reply`: the messages that answer the operation's own. */
export interface ChannelReply {
  /** The operation's key under `operations`. */
  operation: string;
  /** Types of the operation's messages, on this channel. */
  requests: string[];
  /** Types of the reply's messages. */
  replies: string[];
  /** Who sends the reply: the other side of the operation. */
  origin: MessageOrigin;
  /** Title of the channel the reply comes on, when it is not this one. */
  channel?: string;
  /** Where the reply is sent: a runtime expression (`$message.header#/replyTo`) and its description. */
  address?: { location?: string; description?: string };
}

export interface Webhook {
  id: WebhookId;
  title: string;
  /** Webhooks are delivered with GET or POST (SPEC §9). */
  method: 'GET' | 'POST';
  /** The event name (OpenAPI 3.1 webhook key). */
  name: string;
  description?: string;
  availability?: Availability;
  headers: Parameter[];
  payload: { contentType: string; shape: TypeReference; description?: string };
  examples: { name?: string; payload: unknown; synthesized: boolean; problems?: ExampleProblem[] }[];
}
