/**
 * The SDK snippet-template model as zod schemas (the registry validates stored templates with
 * them) and the TypeScript types inferred from them. A template is a string with the `$INPUT`
 * placeholder, filled from payload locations of the live form (BODY, QUERY, PATH, HEADERS, AUTH,
 * or RELATIVE: the item being visited by an iterable, dict or union).
 */
import { z } from 'zod';

/** The placeholder a template string carries where its inputs go. */
export const TEMPLATE_INPUT = '$INPUT';

export const SDK_LANGUAGES = [
  'typescript',
  'python',
  'java',
  'ruby',
  'csharp',
  'go',
  'php',
  'swift',
] as const;
export type SdkLanguage = (typeof SDK_LANGUAGES)[number];

export const payloadLocationSchema = z.enum(['BODY', 'QUERY', 'PATH', 'HEADERS', 'RELATIVE', 'AUTH']);
export type PayloadLocation = z.infer<typeof payloadLocationSchema>;

/** Where an input's value comes from; `path` is dot-separated (`owner.name`, `tags.0`). Absent: the whole location. */
export const payloadInputSchema = z.object({ location: payloadLocationSchema, path: z.string().optional() });
export type PayloadInput = z.infer<typeof payloadInputSchema>;

/** What a `union_v2` member matches in the value. */
export const unionMemberMatchSchema = z.object({
  kind: z.enum(['string', 'number', 'integer', 'boolean', 'null', 'list', 'object', 'literal']),
  /** For `literal`: the exact value. */
  value: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  /** For `object`: keys the value must have. */
  keys: z.array(z.string()).optional(),
});
export type UnionMemberMatch = z.infer<typeof unionMemberMatchSchema>;

interface TemplateBase {
  imports?: string[];
  isOptional?: boolean;
}
export type TemplateInput = { type: 'template'; value: Template } | { type: 'payload'; value: PayloadInput };
export interface GenericTemplate extends TemplateBase {
  type: 'generic';
  templateString: string;
  templateInputs?: TemplateInput[];
  /** Between resolved inputs; defaults to `, `. */
  inputDelimiter?: string;
}
export interface EnumTemplate extends TemplateBase {
  type: 'enum';
  templateString?: string;
  /** Wire value → code. */
  values: Record<string, string>;
  templateInput: PayloadInput;
}
export interface DiscriminatedUnionTemplate extends TemplateBase {
  type: 'discriminatedUnion';
  templateString?: string;
  discriminantField: string;
  /** Discriminant value → template, resolved with the union's value as RELATIVE. */
  members: Record<string, Template>;
  templateInput: PayloadInput;
}
export interface UnionTemplate extends TemplateBase {
  type: 'union_v2';
  templateString?: string;
  /** First member whose `type` matches the value wins. */
  members: { type: UnionMemberMatch; template: Template }[];
  default?: Template;
  templateInput: PayloadInput;
}
export interface DictTemplate extends TemplateBase {
  type: 'dict';
  containerTemplateString: string;
  delimiter: string;
  keyValueSeparator: string;
  /** Resolved with the key as RELATIVE. */
  keyTemplate: Template;
  /** Resolved with the value as RELATIVE. */
  valueTemplate: Template;
  templateInput: PayloadInput;
}
export interface IterableTemplate extends TemplateBase {
  type: 'iterable';
  containerTemplateString: string;
  delimiter: string;
  /** Resolved with each item as RELATIVE. */
  innerTemplate: Template;
  templateInput: PayloadInput;
}
export type Template =
  | GenericTemplate
  | EnumTemplate
  | DiscriminatedUnionTemplate
  | UnionTemplate
  | DictTemplate
  | IterableTemplate;

const base = { imports: z.array(z.string()).optional(), isOptional: z.boolean().optional() };

export const templateSchema: z.ZodType<Template> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({
      ...base,
      type: z.literal('generic'),
      templateString: z.string(),
      templateInputs: z.array(templateInputSchema).optional(),
      inputDelimiter: z.string().optional(),
    }),
    z.object({
      ...base,
      type: z.literal('enum'),
      templateString: z.string().optional(),
      values: z.record(z.string(), z.string()),
      templateInput: payloadInputSchema,
    }),
    z.object({
      ...base,
      type: z.literal('discriminatedUnion'),
      templateString: z.string().optional(),
      discriminantField: z.string(),
      members: z.record(z.string(), templateSchema),
      templateInput: payloadInputSchema,
    }),
    z.object({
      ...base,
      type: z.literal('union_v2'),
      templateString: z.string().optional(),
      members: z.array(z.object({ type: unionMemberMatchSchema, template: templateSchema })),
      default: templateSchema.optional(),
      templateInput: payloadInputSchema,
    }),
    z.object({
      ...base,
      type: z.literal('dict'),
      containerTemplateString: z.string(),
      delimiter: z.string(),
      keyValueSeparator: z.string(),
      keyTemplate: templateSchema,
      valueTemplate: templateSchema,
      templateInput: payloadInputSchema,
    }),
    z.object({
      ...base,
      type: z.literal('iterable'),
      containerTemplateString: z.string(),
      delimiter: z.string(),
      innerTemplate: templateSchema,
      templateInput: payloadInputSchema,
    }),
  ]),
);

export const templateInputSchema: z.ZodType<TemplateInput> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('template'), value: templateSchema }),
    z.object({ type: z.literal('payload'), value: payloadInputSchema }),
  ]),
);

/** The SDK a template belongs to. */
export const sdkSchema = z.object({
  language: z.enum(SDK_LANGUAGES),
  package: z.string(),
  version: z.string(),
});
export type Sdk = z.infer<typeof sdkSchema>;

/** One endpoint's snippet in one SDK: how to create the client and how to call the endpoint. */
export const endpointSnippetTemplateSchema = z.object({
  sdk: sdkSchema,
  endpointId: z.object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE']),
    /** `/pets/{petId}`, as in an endpoint reference. */
    path: z.string(),
  }),
  snippetTemplate: z.object({
    type: z.literal('v1'),
    clientInstantiation: z.union([z.string(), templateSchema]),
    functionInvocation: templateSchema,
  }),
});
export type EndpointSnippetTemplate = z.infer<typeof endpointSnippetTemplateSchema>;

/** The batch the registry stores for an API (`POST /snippet-template/register/batch`). */
export const snippetTemplatesSchema = z.array(endpointSnippetTemplateSchema);
