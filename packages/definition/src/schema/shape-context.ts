/** What the object and union conversions need of the schema converter that owns them. */
import type { DocumentSet, Location } from '../document/document-set.js';
import type { WarningSink } from '../document/warnings.js';
import type { TypeId, TypeReference } from '../ir/types.js';
import type { DeclarationMerger } from './declaration-merger.js';
import type { SchemaObject } from './primitives.js';

export interface ShapeContext {
  readonly docs: DocumentSet;
  readonly sink: WarningSink;
  /** Deepest inline nesting converted before the import fails. */
  readonly maxDepth: number;
  readonly merger: DeclarationMerger;
  /** Inline union variants (by location) and the union schema declaring properties beside them. */
  readonly sharedDeclarations: Map<string, { schema: SchemaObject; at: Location }>;
  reference(schema: unknown, at: Location, nameHint: string, depth?: number): TypeReference;
  namedType(at: Location, name?: string, schema?: unknown, from?: Location, ref?: string): TypeId;
  examplesAt(schema: SchemaObject, at: Location): unknown[] | undefined;
  resolveQuietly(schema: SchemaObject, at: Location): SchemaObject | undefined;
}
