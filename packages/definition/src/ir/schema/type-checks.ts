/**
 * Compile-time proof that the IR's schemas and its documented interfaces describe the same
 * values, both ways: a field added, removed or loosened on one side and not the other fails
 * `tsc`. (The interfaces stay the types the code reads: they carry the field docs, and the
 * recursive `TypeReference` reads better written out than inferred.)
 */
import type { z } from 'zod';
import type { AuthScheme, OAuthFlow } from '../auth.js';
import type { ApiDefinition, Subpackage } from '../definition.js';
import type {
  Callback,
  ChannelExample,
  Endpoint,
  EndpointExample,
  Environment,
  FormDataField,
  HttpRequest,
  HttpResponse,
  Parameter,
  RequestBody,
  ResponseBody,
  Webhook,
  WebSocketChannel,
} from '../endpoint.js';
import type { ObjectProperty, PrimitiveType, TypeDefinition, TypeReference, TypeShape } from '../types.js';
import type { authSchemeSchema, oauthFlowSchema } from './auth.js';
import type { apiDefinitionObjectSchema, subpackageSchema } from './definition.js';
import type {
  callbackSchema,
  channelExampleSchema,
  endpointExampleSchema,
  endpointSchema,
  environmentSchema,
  formDataFieldSchema,
  httpRequestSchema,
  httpResponseSchema,
  parameterSchema,
  requestBodySchema,
  responseBodySchema,
  webhookSchema,
  webSocketChannelSchema,
} from './endpoint.js';
import type {
  objectPropertySchema,
  primitiveTypeSchema,
  typeDefinitionSchema,
  typeReferenceVariants,
  typeShapeSchema,
} from './types.js';

/** True only when A and B are the same type (not merely assignable one way). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Fails to compile unless `T` is `true`. */
export type Expect<T extends true> = T;

/** Schema output and interface, compared with the interface's own spelling flattened. */
export type Same<S extends z.ZodType, I> = Equal<Flat<z.output<S>>, Flat<I>>;
type Flat<T> = T extends unknown ? { [K in keyof T]: T[K] } : never;

export type IrSchemaChecks = [
  Expect<Same<typeof typeReferenceVariants, TypeReference>>,
  Expect<Same<typeof primitiveTypeSchema, PrimitiveType>>,
  Expect<Same<typeof objectPropertySchema, ObjectProperty>>,
  Expect<Same<typeof typeShapeSchema, TypeShape>>,
  Expect<Same<typeof typeDefinitionSchema, TypeDefinition>>,
  Expect<Same<typeof parameterSchema, Parameter>>,
  Expect<Same<typeof environmentSchema, Environment>>,
  Expect<Same<typeof formDataFieldSchema, FormDataField>>,
  Expect<Same<typeof requestBodySchema, RequestBody>>,
  Expect<Same<typeof httpRequestSchema, HttpRequest>>,
  Expect<Same<typeof responseBodySchema, ResponseBody>>,
  Expect<Same<typeof httpResponseSchema, HttpResponse>>,
  Expect<Same<typeof endpointExampleSchema, EndpointExample>>,
  Expect<Same<typeof callbackSchema, Callback>>,
  Expect<Same<typeof endpointSchema, Endpoint>>,
  Expect<Same<typeof channelExampleSchema, ChannelExample>>,
  Expect<Same<typeof webSocketChannelSchema, WebSocketChannel>>,
  Expect<Same<typeof webhookSchema, Webhook>>,
  Expect<Same<typeof oauthFlowSchema, OAuthFlow>>,
  Expect<Same<typeof authSchemeSchema, AuthScheme>>,
  Expect<Same<typeof subpackageSchema, Subpackage>>,
  Expect<Same<typeof apiDefinitionObjectSchema, ApiDefinition>>,
];
