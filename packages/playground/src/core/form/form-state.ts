/**
 * The playground's view of the form state: the state itself, its example and empty versions
 * and every edit come from `@sextant/request` (engineer C); this module adds only what the view
 * needs on top: the body section's title (SPEC §2) and the section parameter lists.
 */
import { cookieParametersOf, type Endpoint, type Parameter } from '@sextant/definition';
import type { EndpointFormState } from '@sextant/request';

/** The endpoint form state (SPEC §3), as `@sextant/request` defines it. */
export type PlaygroundFormState = EndpointFormState;
export type { BodyState, FormDataFieldValue, FormSection } from '@sextant/request';

/** The form's parameter sections. */
export type ParameterSection = 'pathParameters' | 'queryParameters' | 'headers' | 'cookies';
/** A WebSocket channel's parameter sections (a handshake carries no cookie parameters). */
export type ChannelParameterSection = Exclude<ParameterSection, 'cookies'>;

/**
 * The body section's title (SPEC §2): Parameters for OpenRPC, Multipart Form for multipart form
 * data, Form (URL-encoded) for application/x-www-form-urlencoded, Body for raw bytes, Body
 * Parameters / Body / Optional Body for objects and aliases.
 *
 * @example
 * bodySectionTitle(uploadEndpoint) // 'Multipart Form'
 */
export function bodySectionTitle(endpoint: Endpoint): string | undefined {
  const request = endpoint.requests[0];
  if (!request) return undefined;
  if (endpoint.protocol?.type === 'openrpc') return 'Parameters';
  const body = request.body;
  if (body.type === 'formData')
    return isUrlEncoded(request.contentType) ? 'Form (URL-encoded)' : 'Multipart Form';
  if (body.type === 'bytes') return 'Body';
  if (request.isOptional) return 'Optional Body';
  return body.type === 'object' ? 'Body Parameters' : 'Body';
}

/** True for application/x-www-form-urlencoded (parameters such as `; charset=utf-8` allowed). */
export function isUrlEncoded(contentType: string): boolean {
  return contentType.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** Parameters of a section of the endpoint (or channel). */
export function sectionParameters(
  operation: Pick<Endpoint, 'pathParameters' | 'queryParameters' | 'requestHeaders' | 'cookieParameters'>,
  section: ParameterSection,
): readonly Parameter[] {
  if (section === 'pathParameters') return operation.pathParameters;
  if (section === 'queryParameters') return operation.queryParameters;
  if (section === 'cookies') return cookieParametersOf(operation);
  return operation.requestHeaders;
}
