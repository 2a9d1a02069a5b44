/**
 * allOf merged exactly at import. The converter meets the declarations of one property before the
 * types they reference exist (named types are converted from a queue), so it records them here:
 * two inline allOf members declaring the same key, and objects whose own properties override an
 * inherited one. Once every type is defined, `mergeAll` intersects each pair with the type
 * reader's `mergeProperty` (the one rule; the reader applies it again, idempotently, when it
 * reads), names the enum intersections it needs, and reports what cannot hold together as
 * warnings at the overriding declaration. The types the replaced declarations referenced are
 * kept in `superseded`, so the importer can drop the ones nothing references any more.
 */
import type { Location } from '../document/document-set.js';
import type { WarningSink } from '../document/warnings.js';
import { inheritedProperties, type MergeOptions, mergeProperty } from '../ir/read-types.js';
import type {
  EnumValue,
  ObjectProperty,
  ObjectShape,
  TypeDefinition,
  TypeId,
  TypeReference,
} from '../ir/types.js';
import { TypeCollector } from '../slice/reachable-types.js';
import { pascalCase } from './naming.js';

interface InlineMerge {
  properties: ObjectProperty[];
  index: number;
  declarations: ObjectProperty[];
  nameHint: string;
}

export class DeclarationMerger {
  private readonly inline = new Map<ObjectProperty[], Map<number, InlineMerge>>();
  private readonly overriding: { shape: ObjectShape; nameHint: string }[] = [];
  private readonly locations = new WeakMap<ObjectProperty, Location>();
  private readonly objectIntersections = new Map<string, TypeReference>();
  /** Types a declaration referenced before a merge replaced it with another (maybe orphaned now). */
  readonly superseded = new Set<TypeId>();

  constructor(
    private readonly sink: WarningSink,
    private readonly allocateId: (name: string) => TypeId,
  ) {}

  /** Where `property` was declared, for warnings about it. */
  locate(property: ObjectProperty, at: Location): void {
    this.locations.set(property, at);
  }

  /** `later` declares `properties[index]`'s key again, in another inline allOf member. */
  redeclared(properties: ObjectProperty[], index: number, later: ObjectProperty, nameHint: string): void {
    let byIndex = this.inline.get(properties);
    if (!byIndex) {
      byIndex = new Map();
      this.inline.set(properties, byIndex);
    }
    const existing = byIndex.get(index);
    if (existing) existing.declarations.push(later);
    else
      byIndex.set(index, {
        properties,
        index,
        declarations: [properties[index] as ObjectProperty, later],
        nameHint,
      });
    properties[index] = later;
  }

  /** An object (named or an inline body) that inherits: its own properties meet its parents'. */
  inherits(shape: ObjectShape, nameHint: string): void {
    if (shape.extends.length > 0) this.overriding.push({ shape, nameHint });
  }

  /** Intersects every recorded pair; `definitions` is complete and receives the enums it needs. */
  mergeAll(definitions: Record<TypeId, TypeDefinition>): void {
    for (const byIndex of this.inline.values()) {
      for (const merge of byIndex.values()) {
        let merged = merge.declarations[0] as ObjectProperty;
        for (const later of merge.declarations.slice(1))
          merged = this.merge(merged, later, definitions, merge.nameHint);
        merge.properties[merge.index] = merged;
      }
    }
    const byShape = new Map(this.overriding.map((entry) => [entry.shape, entry]));
    const done = new Set<ObjectShape>();
    const visit = (entry: { shape: ObjectShape; nameHint: string }) => {
      if (done.has(entry.shape)) return;
      done.add(entry.shape);
      for (const parent of entry.shape.extends) {
        const shape = definitions[parent]?.shape;
        const parentEntry = shape?.type === 'object' ? byShape.get(shape) : undefined;
        if (parentEntry) visit(parentEntry);
      }
      const inherited = inheritedProperties(entry.shape.extends, definitions);
      entry.shape.properties.forEach((own, index) => {
        const earlier = inherited.get(own.key);
        if (earlier) entry.shape.properties[index] = this.merge(earlier, own, definitions, entry.nameHint);
      });
    };
    for (const entry of this.overriding) visit(entry);
    this.inline.clear();
    this.overriding.length = 0;
  }

  private merge(
    earlier: ObjectProperty,
    later: ObjectProperty,
    definitions: Record<TypeId, TypeDefinition>,
    nameHint: string,
  ): ObjectProperty {
    const options: MergeOptions = {
      defineEnum: (values) => this.defineEnum(values, `${nameHint}${pascalCase(later.key)}`, definitions),
      defineObject: (parents) => this.defineObject(parents, definitions),
    };
    const { value, conflicts } = mergeProperty(earlier, later, definitions, options);
    const before = new TypeCollector(definitions);
    before.properties([earlier, later]);
    const after = new TypeCollector(definitions);
    after.properties([value]);
    for (const id of before.ids) if (!after.ids.has(id)) this.superseded.add(id);
    const at = this.locations.get(later);
    if (at) for (const conflict of conflicts) this.sink.warn(at, `allOf declarations conflict: ${conflict}`);
    if (at) this.locations.set(value, at);
    return value;
  }

  /** An object inheriting from both: one per pair, named after the later (it is what is shown). */
  private defineObject(
    parents: [TypeId, TypeId],
    definitions: Record<TypeId, TypeDefinition>,
  ): TypeReference {
    const key = JSON.stringify(parents);
    const existing = this.objectIntersections.get(key);
    if (existing) return existing;
    const later = definitions[parents[1]];
    const name = later?.name ?? parents[1];
    const id = this.allocateId(name);
    const definition: TypeDefinition = {
      id,
      name,
      shape: { type: 'object', extends: [...parents], properties: [] },
    };
    if (later?.description) definition.description = later.description;
    definitions[id] = definition;
    const reference: TypeReference = { type: 'id', id };
    this.objectIntersections.set(key, reference);
    return reference;
  }

  private defineEnum(
    values: EnumValue[],
    name: string,
    definitions: Record<TypeId, TypeDefinition>,
  ): TypeReference {
    const id = this.allocateId(name);
    definitions[id] = { id, name, shape: { type: 'enum', values } };
    return { type: 'id', id };
  }
}
