/**
 * The named types of one import: ids allocated from component names (numbered on collision),
 * reserved for a components map up front so its schemas keep their names whatever order they are
 * reached in, and a work queue of schemas still to convert, drained iteratively so recursive and
 * deeply chained schemas never recurse across named types.
 */
import { type DocumentSet, type Location, locationKey, refOf } from '../document/document-set.js';
import { childPointer } from '../document/pointer.js';
import type { TypeDefinition, TypeId } from '../ir/types.js';
import { componentName, nameFromPointer } from './naming.js';
import { isObject, isRemoteRef } from './schema-predicates.js';

/** A schema queued to become the named type `id`. */
export interface PendingType {
  id: TypeId;
  name: string;
  schema: unknown;
  at: Location;
}

export class NamedTypes {
  readonly definitions: Record<TypeId, TypeDefinition> = {};
  private readonly idsByLocation = new Map<string, TypeId>();
  private readonly usedIds = new Set<string>();
  private readonly nextSuffix = new Map<string, number>();
  private readonly reserved = new Map<string, TypeId>();
  private readonly pending: PendingType[] = [];

  constructor(private readonly docs: DocumentSet) {}

  /**
   * Reserves ids for the schemas of a components map (`components.schemas`, `definitions`) so
   * they keep their own names whatever order they are reached in.
   */
  reserveComponents(container: unknown, at: Location): void {
    if (!isObject(container)) return;
    for (const name of Object.keys(container)) {
      const location = { file: at.file, pointer: childPointer(at.pointer, name) };
      const key = locationKey(location);
      if (this.reserved.has(key) || this.idsByLocation.has(key)) continue;
      this.reserved.set(key, this.allocateId(name));
    }
  }

  /** Converts every schema of a components map into a named type, in order. */
  defineComponents(container: unknown, at: Location): void {
    if (!isObject(container)) return;
    this.reserveComponents(container, at);
    for (const name of Object.keys(container)) {
      const location = { file: at.file, pointer: childPointer(at.pointer, name) };
      if (!this.adoptReferencedSchema(container[name], location, name)) this.namedType(location, name);
    }
  }

  /**
   * A component that is only a `$ref` to a schema elsewhere (another file, usually) gives that
   * schema its name instead of becoming an alias of a second, numbered type.
   */
  private adoptReferencedSchema(schema: unknown, at: Location, name: string): boolean {
    if (!isObject(schema) || Object.keys(schema).length !== 1) return false;
    const ref = refOf(schema);
    if (ref === undefined || isRemoteRef(ref)) return false;
    const target = this.docs.refTarget(ref, at);
    const targetKey = locationKey(target);
    if (this.idsByLocation.has(targetKey) || this.reserved.has(targetKey)) return false;
    const value = this.docs.valueAt(target, at, ref);
    if (refOf(value) !== undefined) return false;
    const key = locationKey(at);
    const id = this.reserved.get(key) ?? this.allocateId(name);
    this.idsByLocation.set(key, id);
    this.idsByLocation.set(targetKey, id);
    this.pending.push({ id, name, schema: value, at: target });
    return true;
  }

  /** The id of the named type for the schema at `at`; queued for conversion on first use. */
  namedType(at: Location, name?: string, schema?: unknown, from?: Location, ref?: string): TypeId {
    const key = locationKey(at);
    const existing = this.idsByLocation.get(key);
    if (existing !== undefined) return existing;
    const value = schema === undefined ? this.docs.valueAt(at, from, ref) : schema;
    const typeName = name ?? componentName(at.pointer) ?? nameFromPointer(at.pointer);
    const id = this.reserved.get(key) ?? this.allocateId(typeName);
    this.idsByLocation.set(key, id);
    this.pending.push({ id, name: typeName, schema: value, at });
    return id;
  }

  /** Converts every queued type with `define`; converting one may queue others. */
  drain(define: (pending: PendingType) => TypeDefinition): void {
    // Iterative: converting one type may queue others (never recursion across named types).
    // An index, not shift(): shift() is O(n) and GitHub's spec queues thousands of types.
    for (let index = 0; index < this.pending.length; index++) {
      const next = this.pending[index] as PendingType;
      this.definitions[next.id] = define(next);
    }
    this.pending.length = 0;
  }

  /** The ids reserved for the schemas of components maps (which stay, used or not). */
  componentIds(): Set<TypeId> {
    return new Set(this.reserved.values());
  }

  allocateId(name: string): TypeId {
    let id = name;
    // Resume numbering where the last `name_N` stopped: common names recur thousands of times.
    for (let n = this.nextSuffix.get(name) ?? 2; this.usedIds.has(id); n++) {
      id = `${name}_${n}`;
      this.nextSuffix.set(name, n + 1);
    }
    this.usedIds.add(id);
    return id;
  }
}
