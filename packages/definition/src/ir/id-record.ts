/**
 * An empty record for keys taken from data (endpoint, type and scheme ids), filled one key at a
 * time. V8 gives an object made by `{}` a hidden class per set of keys, reached through a tree of
 * transitions from `{}`'s own class: keys from data make a new class for almost every key added,
 * and `{}`'s transitions fill up until V8 copies each object into dictionary form instead (issue
 * #30: the records of one endpoint page's slice were ~2.5 % of a cold GitHub page, 18 µs for one
 * key). An object without a prototype starts in dictionary form and takes any key as it is; it
 * reads, spreads, enumerates and serialises like any other record.
 * @example const types = idRecord<TypeId, TypeDefinition>(); types[id] = type;
 */
export const idRecord = <K extends string, V>(): Record<K, V> => Object.create(null) as Record<K, V>;
