/**
 * Zod schemas of the IR's type model (`../types.ts`): references, primitives, object shapes and
 * type definitions. Recursion goes through `typeReferenceSchema`, resolved lazily; the
 * interfaces stay the documented types and `type-checks.ts` proves both sides equal.
 */
import { z } from 'zod';
import type { LiteralValue, TypeReference } from '../types.js';

/** A record keyed by id or name. (zod leaves out a `__proto__` key: nothing parsed can pollute.) */
export const idRecord = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

/** Any JSON value the IR carries as data (examples, defaults): not interpreted, stored as sent. */
export const jsonValueSchema = z.unknown();

export const availabilitySchema = z.enum(['stable', 'beta', 'preview', 'deprecated', 'in-development']);
export const propertyAccessSchema = z.enum(['READ_ONLY', 'WRITE_ONLY']);

export const scalarLiteralSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const literalValueSchema: z.ZodType<LiteralValue> = z.lazy(() =>
  z.union([scalarLiteralSchema, z.array(literalValueSchema), z.record(z.string(), literalValueSchema)]),
);

export const stringPrimitiveSchema = z.object({
  type: z.literal('string'),
  format: z.string().optional(),
  pattern: z.string().optional(),
  minLength: z.number().optional(),
  maxLength: z.number().optional(),
  default: z.string().optional(),
});

export const numberPrimitiveSchema = z.object({
  type: z.enum(['integer', 'number']),
  format: z.string().optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  exclusiveMinimum: z.number().optional(),
  exclusiveMaximum: z.number().optional(),
  multipleOf: z.number().optional(),
  default: z.number().optional(),
});

export const booleanPrimitiveSchema = z.object({
  type: z.literal('boolean'),
  default: z.boolean().optional(),
});

export const primitiveTypeSchema = z.discriminatedUnion('type', [
  stringPrimitiveSchema,
  numberPrimitiveSchema,
  booleanPrimitiveSchema,
]);

/** Every reference inside a reference is read through here, so recursion costs nothing at import. */
export const typeReferenceSchema: z.ZodType<TypeReference> = z.lazy(() => typeReferenceVariants);

const listConstraintFields = {
  minItems: z.number().optional(),
  maxItems: z.number().optional(),
  prefixItems: z.array(typeReferenceSchema).optional(),
  contains: typeReferenceSchema.optional(),
  minContains: z.number().optional(),
  maxContains: z.number().optional(),
  default: jsonValueSchema.optional(),
  itemExamples: z.array(jsonValueSchema).optional(),
};

export const listReferenceSchema = z.object({
  type: z.literal('list'),
  itemShape: typeReferenceSchema,
  ...listConstraintFields,
});
export const setReferenceSchema = z.object({
  type: z.literal('set'),
  itemShape: typeReferenceSchema,
  ...listConstraintFields,
});
export const mapReferenceSchema = z.object({
  type: z.literal('map'),
  keyShape: typeReferenceSchema,
  valueShape: typeReferenceSchema,
  default: jsonValueSchema.optional(),
  minProperties: z.number().optional(),
  maxProperties: z.number().optional(),
});

/** The variants of `TypeReference`, one level deep (nested references are `TypeReference`). */
export const typeReferenceVariants = z.discriminatedUnion('type', [
  z.object({ type: z.literal('id'), id: z.string(), default: jsonValueSchema.optional() }),
  z.object({ type: z.literal('primitive'), value: primitiveTypeSchema }),
  z.object({ type: z.literal('optional'), shape: typeReferenceSchema, default: jsonValueSchema.optional() }),
  z.object({ type: z.literal('nullable'), shape: typeReferenceSchema }),
  listReferenceSchema,
  setReferenceSchema,
  mapReferenceSchema,
  z.object({ type: z.literal('literal'), value: literalValueSchema }),
  z.object({ type: z.literal('unknown') }),
]);

export const objectPropertySchema = z.object({
  key: z.string(),
  valueShape: typeReferenceSchema,
  description: z.string().optional(),
  availability: availabilitySchema.optional(),
  access: propertyAccessSchema.optional(),
  examples: z.array(jsonValueSchema).optional(),
});

export const objectShapeSchema = z.object({
  type: z.literal('object'),
  extends: z.array(z.string()),
  properties: z.array(objectPropertySchema),
  extraProperties: typeReferenceSchema.optional(),
  closed: z.boolean().optional(),
  patternProperties: z.array(z.object({ pattern: z.string(), shape: typeReferenceSchema })).optional(),
  dependentRequired: idRecord(z.array(z.string())).optional(),
  conditional: z
    .object({
      condition: typeReferenceSchema,
      whenTrue: typeReferenceSchema.optional(),
      whenFalse: typeReferenceSchema.optional(),
    })
    .optional(),
  minProperties: z.number().optional(),
  maxProperties: z.number().optional(),
});

export const enumValueSchema = z.object({ value: scalarLiteralSchema, description: z.string().optional() });

export const discriminatedUnionVariantSchema = z.object({
  discriminantValue: z.string(),
  typeId: z.string(),
  displayName: z.string().optional(),
  description: z.string().optional(),
});

export const undiscriminatedUnionVariantSchema = z.object({
  shape: typeReferenceSchema,
  displayName: z.string().optional(),
  description: z.string().optional(),
});

export const typeShapeSchema = z.discriminatedUnion('type', [
  objectShapeSchema,
  z.object({ type: z.literal('alias'), value: typeReferenceSchema }),
  z.object({
    type: z.literal('enum'),
    values: z.array(enumValueSchema),
    default: scalarLiteralSchema.optional(),
  }),
  z.object({
    type: z.literal('discriminatedUnion'),
    discriminant: z.string(),
    variants: z.array(discriminatedUnionVariantSchema),
    baseProperties: z.array(objectPropertySchema).optional(),
  }),
  z.object({
    type: z.literal('undiscriminatedUnion'),
    variants: z.array(undiscriminatedUnionVariantSchema),
    baseProperties: z.array(objectPropertySchema).optional(),
  }),
]);

export const typeDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  shape: typeShapeSchema,
  description: z.string().optional(),
  availability: availabilitySchema.optional(),
  examples: z.array(jsonValueSchema).optional(),
});
