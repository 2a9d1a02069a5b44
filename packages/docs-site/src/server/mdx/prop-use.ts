/**
 * Which props of a component its renderer used. A known component given a prop it does not read
 * (Mintlify's `<Callout color>`, a typo such as `<Card titel>`) would lose it silently; instead
 * the props are handed to the component through a proxy that records every name it reads or
 * tests (`props.title`, `'path' in props`), and the names never touched become located warnings
 * (not errors: pages written for Mintlify or Fern carry props Sextant may not use). The
 * components themselves are the only list of what each accepts.
 */
import type { LiteralValue } from './literal-props.js';
import type { MdNode, MdxAttributeNode } from './mdast.js';
import type { ProblemList } from './problems.js';

type Props = Record<string, LiteralValue>;

interface Tracked {
  node: MdNode;
  props: Props;
  read: Set<string>;
}

export class PropUse {
  private readonly tracked: Tracked[] = [];

  /** `props` of `node`, recording each name the caller reads. */
  track(node: MdNode, props: Props): Props {
    const read = new Set<string>();
    this.tracked.push({ node, props, read });
    return new Proxy(props, {
      get(target, key, receiver) {
        if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key, receiver);
      },
      has(target, key) {
        if (typeof key === 'string') read.add(key);
        return Reflect.has(target, key);
      },
    });
  }

  /** Warns, at the attribute, of each prop no renderer read. */
  reportUnread(problems: ProblemList): void {
    for (const { node, props, read } of this.tracked) {
      // A component refused with an error stopped rendering before it read the rest of its props.
      if (problems.hasErrorWithin(node.position)) continue;
      for (const name of Object.keys(props)) {
        if (read.has(name)) continue;
        // Component props come from MDX attributes (a list; the record form is directives').
        const attribute = (node.attributes as MdxAttributeNode[] | undefined)?.find((a) => a.name === name);
        problems.warn(
          attribute?.position?.start ?? node.position?.start,
          `<${node.name} ${name}>: Sextant does not use this prop; it is ignored`,
        );
      }
    }
  }
}
