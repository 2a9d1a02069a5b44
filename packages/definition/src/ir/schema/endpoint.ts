/** Zod schemas of the IR's operations (`../endpoint.ts`): endpoints, WebSocket channels, webhooks. */
import { z } from 'zod';
import {
  availabilitySchema,
  idRecord,
  jsonValueSchema,
  objectPropertySchema,
  typeReferenceSchema,
} from './types.js';

export const httpMethodSchema = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']);

export const pathPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('literal'), value: z.string() }),
  z.object({ type: z.literal('pathParameter'), name: z.string() }),
]);

export const parameterStyleSchema = z.enum([
  'form',
  'simple',
  'label',
  'matrix',
  'deepObject',
  'pipeDelimited',
  'spaceDelimited',
]);

export const parameterSchema = z.object({
  key: z.string(),
  valueShape: typeReferenceSchema,
  description: z.string().optional(),
  availability: availabilitySchema.optional(),
  style: parameterStyleSchema.optional(),
  explode: z.boolean().optional(),
  allowReserved: z.boolean().optional(),
  examples: z.array(jsonValueSchema).optional(),
});

export const environmentSchema = z.object({
  id: z.string(),
  baseUrl: z.string(),
  description: z.string().optional(),
  variables: z
    .array(
      z.object({
        name: z.string(),
        default: z.string(),
        enum: z.array(z.string()).optional(),
        description: z.string().optional(),
      }),
    )
    .optional(),
  urlTemplate: z.string().optional(),
});

const fileFieldFields = {
  key: z.string(),
  isOptional: z.boolean(),
  contentType: z.string().optional(),
  description: z.string().optional(),
};

export const formDataFieldSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('file'), ...fileFieldFields }),
  z.object({ type: z.literal('files'), ...fileFieldFields }),
  z.object({
    type: z.literal('property'),
    key: z.string(),
    valueShape: typeReferenceSchema,
    contentType: z.string().optional(),
    description: z.string().optional(),
    style: parameterStyleSchema.optional(),
    explode: z.boolean().optional(),
    examples: z.array(jsonValueSchema).optional(),
  }),
]);

const inlineObjectBody = z.object({
  type: z.literal('object'),
  extends: z.array(z.string()),
  properties: z.array(objectPropertySchema),
});
const aliasBody = z.object({ type: z.literal('alias'), shape: typeReferenceSchema });

export const requestBodySchema = z.discriminatedUnion('type', [
  inlineObjectBody,
  aliasBody,
  z.object({ type: z.literal('formData'), fields: z.array(formDataFieldSchema) }),
  z.object({ type: z.literal('bytes'), isOptional: z.boolean() }),
]);

export const httpRequestSchema = z.object({
  contentType: z.string(),
  body: requestBodySchema,
  description: z.string().optional(),
  isOptional: z.boolean().optional(),
});

export const streamFramingSchema = z.enum(['sse', 'ndjson']);

export const responseBodySchema = z.discriminatedUnion('type', [
  inlineObjectBody,
  aliasBody,
  z.object({ type: z.literal('fileDownload'), contentType: z.string() }),
  z.object({ type: z.literal('streamingText'), contentType: z.string() }),
  z.object({
    type: z.literal('stream'),
    framing: streamFramingSchema,
    shape: typeReferenceSchema,
    terminator: z.string().optional(),
  }),
  z.object({ type: z.literal('empty') }),
]);

export const httpResponseSchema = z.object({
  statusCode: z.number(),
  contentType: z.string().optional(),
  body: responseBodySchema,
  description: z.string().optional(),
  headers: z.array(parameterSchema).optional(),
});

export const errorResponseSchema = z.object({
  statusCode: z.number(),
  name: z.string().optional(),
  description: z.string().optional(),
  contentType: z.string().optional(),
  shape: typeReferenceSchema.optional(),
});

export const codeSampleSchema = z.object({
  language: z.string(),
  label: z.string().optional(),
  code: z.string(),
});

export const exampleProblemSchema = z.object({
  part: z.enum([
    'pathParameters',
    'queryParameters',
    'headers',
    'cookies',
    'requestBody',
    'responseBody',
    'payload',
  ]),
  key: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});

const jsonRecord = z.record(z.string(), jsonValueSchema);

export const endpointExampleSchema = z.object({
  name: z.string().optional(),
  description: z.string().optional(),
  pathParameters: jsonRecord,
  queryParameters: jsonRecord,
  headers: jsonRecord,
  cookies: jsonRecord.optional(),
  requestBody: jsonValueSchema.optional(),
  responseStatusCode: z.number(),
  responseBody: jsonValueSchema.optional(),
  codeSamples: z.array(codeSampleSchema).optional(),
  synthesized: z.boolean(),
  problems: z.array(exampleProblemSchema).optional(),
  filled: z.array(z.string()).optional(),
  checked: z.boolean().optional(),
});

export const callbackSchema = z.object({
  name: z.string(),
  expression: z.string(),
  method: httpMethodSchema,
  title: z.string().optional(),
  description: z.string().optional(),
  requestHeaders: z.array(parameterSchema),
  requests: z.array(httpRequestSchema),
  responses: z.array(httpResponseSchema),
  errors: z.array(errorResponseSchema),
});

/** Where an endpoint or a channel is reached: its path and the parameters around it. */
const addressFields = {
  path: z.array(pathPartSchema),
  pathParameters: z.array(parameterSchema),
  queryParameters: z.array(parameterSchema),
  requestHeaders: z.array(parameterSchema),
};

export const endpointSchema = z.object({
  id: z.string(),
  method: httpMethodSchema,
  title: z.string(),
  operationId: z.string().optional(),
  description: z.string().optional(),
  availability: availabilitySchema.optional(),
  ...addressFields,
  cookieParameters: z.array(parameterSchema).optional(),
  requests: z.array(httpRequestSchema),
  responses: z.array(httpResponseSchema),
  errors: z.array(errorResponseSchema),
  examples: z.array(endpointExampleSchema),
  auth: z.array(z.string()),
  authRequirements: z.array(z.array(z.string())).optional(),
  environments: z.array(environmentSchema),
  protocol: z
    .object({
      type: z.literal('openrpc'),
      methodName: z.string(),
      paramStructure: z.enum(['by-name', 'by-position']).optional(),
    })
    .optional(),
  codeSamples: z.array(codeSampleSchema).optional(),
  synthetic: z.boolean().optional(),
  callbacks: z.array(callbackSchema).optional(),
});

export const messageOriginSchema = z.enum(['client', 'server']);

export const webSocketMessageSchema = z.object({
  type: z.string(),
  origin: messageOriginSchema,
  displayName: z.string().optional(),
  description: z.string().optional(),
  body: typeReferenceSchema,
});

export const channelExampleSchema = z.object({
  name: z.string().optional(),
  pathParameters: jsonRecord,
  queryParameters: jsonRecord,
  headers: jsonRecord,
  messages: z.array(z.object({ type: z.string(), origin: messageOriginSchema, body: jsonValueSchema })),
  synthesized: z.boolean(),
});

export const channelReplySchema = z.object({
  operation: z.string(),
  requests: z.array(z.string()),
  replies: z.array(z.string()),
  origin: messageOriginSchema,
  channel: z.string().optional(),
  address: z.object({ location: z.string().optional(), description: z.string().optional() }).optional(),
});

export const webSocketChannelSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  availability: availabilitySchema.optional(),
  ...addressFields,
  environments: z.array(environmentSchema),
  auth: z.array(z.string()),
  messages: z.array(webSocketMessageSchema),
  examples: z.array(channelExampleSchema),
  replies: z.array(channelReplySchema).optional(),
});

export const webhookSchema = z.object({
  id: z.string(),
  title: z.string(),
  method: z.enum(['GET', 'POST']),
  name: z.string(),
  description: z.string().optional(),
  availability: availabilitySchema.optional(),
  headers: z.array(parameterSchema),
  payload: z.object({
    contentType: z.string(),
    shape: typeReferenceSchema,
    description: z.string().optional(),
  }),
  examples: z.array(
    z.object({
      name: z.string().optional(),
      payload: jsonValueSchema,
      synthesized: z.boolean(),
      problems: z.array(exampleProblemSchema).optional(),
    }),
  ),
});

export const endpointsRecordSchema = idRecord(endpointSchema);
