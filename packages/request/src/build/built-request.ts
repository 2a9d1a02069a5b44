/**
 * The concrete request `buildRequest` yields: the one object both the snippet renderers and Send
 * Request read, so what the reader sees is what is sent. Bodies are a discriminated union of the
 * wire forms; files are web-standard `Blob`/`File`s.
 */
import type { AuthSchemeId, EndpointId, HttpMethod } from '@sextant/definition';
import type { CookiePair } from './cookie.js';

/** One part of a multipart body, in order. */
export type FormPart =
  | { type: 'text'; name: string; value: string }
  | { type: 'file'; name: string; file: Blob; fileName: string; contentType: string };

export type BuiltBody =
  /** `text` is the exact wire text (JSON, 2-space indented). */
  | { type: 'json'; text: string; value: unknown }
  /** A string body sent as-is for a non-JSON content type (`text/plain`, `application/xml`, ...). */
  | { type: 'text'; text: string }
  | { type: 'form-data'; parts: FormPart[] }
  /** `text` is the exact wire text (`application/x-www-form-urlencoded` serialisation). */
  | { type: 'urlencoded'; text: string; fields: [string, string][] }
  | { type: 'bytes'; file: Blob; fileName: string }
  | { type: 'none' };

/** The credential `buildRequest` put on the request, so renderers can show or redact it. */
export type AppliedAuth =
  | {
      type: 'basicAuth';
      schemeId: AuthSchemeId;
      isFirstScheme: boolean;
      header: 'Authorization';
      username: string;
      password: string;
    }
  | {
      type: 'bearerAuth' | 'header' | 'oAuth';
      schemeId: AuthSchemeId;
      isFirstScheme: boolean;
      header: string;
      /** Put before the secret with a space, e.g. `Bearer`. */
      prefix?: string;
      secret: string;
    }
  | {
      type: 'queryParameter';
      schemeId: AuthSchemeId;
      isFirstScheme: boolean;
      parameter: string;
      secret: string;
    };

/** How the response of the endpoint is read (SPEC §7: json, stream or file). */
export type ResponseKind = 'json' | 'text' | 'stream' | 'file' | 'empty';

export interface BuiltRequest {
  endpointId: EndpointId;
  method: HttpMethod;
  /** Absolute URL, path and query encoded; an empty path parameter appears as `:name`. */
  url: string;
  /** Header name → value, in the order they are sent. */
  headers: Record<string, string>;
  /**
   * Cookie parameters, encoded, in declaration order: sent as one `Cookie` header (`cookieHeader`),
   * which a browser cannot set, so Send Request hands it to the proxy (`X-Sextant-Proxy-Cookie`).
   */
  cookies: CookiePair[];
  body: BuiltBody;
  /** The credentials put on the request, in requirement order (two when two schemes go together). */
  auths: AppliedAuth[];
  /** Path parameters left empty (shown as `:name`); Send Request should wait for them. */
  missingPathParameters: string[];
  expects: ResponseKind;
}
