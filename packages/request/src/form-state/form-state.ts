/**
 * The playground's form state (SPEC §3 "Playground form state"): what the reader typed into the
 * Headers, Path Parameters, Query Parameters and Body sections. Plain data, so a React store can
 * hold it and `buildRequest` can turn it into the wire request. Files are web-standard `File`s.
 */

/** One value of a multipart/urlencoded form, keyed by field key in `FormDataBodyState`. */
export type FormDataFieldValue =
  /** A JSON value, sent as text (strings as-is, other values as JSON). */
  | { type: 'json'; value: unknown }
  /** A list whose items are sent as repeated parts of the same key. */
  | { type: 'exploded'; value: unknown[] }
  /** The single-file field; `undefined` until the reader picks a file. */
  | { type: 'file'; value: File | undefined }
  /** The multi-file field. */
  | { type: 'files'; value: File[] };

export type FormDataBodyState = { type: 'form-data'; value: Record<string, FormDataFieldValue> };

/** Body variants of SPEC §3; `undefined` is "absent". */
export type BodyState =
  | { type: 'json'; value: unknown }
  | FormDataBodyState
  | { type: 'octet-stream'; value: File | undefined }
  | undefined;

export interface EndpointFormState {
  type: 'endpoint';
  pathParameters: Record<string, unknown>;
  queryParameters: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** Cookie parameter values by name; absent (like `{}`) when the endpoint has none. */
  cookies?: Record<string, unknown>;
  body: BodyState;
}

export interface WebSocketFormState {
  type: 'websocket';
  pathParameters: Record<string, unknown>;
  queryParameters: Record<string, unknown>;
  headers: Record<string, unknown>;
  /** Draft of each client message, keyed by message type. */
  messages: Record<string, unknown>;
}

export type FormState = EndpointFormState | WebSocketFormState;
