/**
 * Component props are literals only: strings, numbers, booleans, null, and arrays and objects of
 * them. An attribute written `{…}` is read from the ESTree the MDX parser gives it, never run;
 * anything else (an identifier, a call, an arrow function, a template with a hole, a spread)
 * is refused with its place. Event handlers (`on…`) are refused by name, whatever their value.
 */
import type { ProblemList } from './problems.js';

/** A literal prop value. */
export type LiteralValue =
  | string
  | number
  | boolean
  | null
  | LiteralValue[]
  | { [key: string]: LiteralValue };

interface EstreeNode {
  type: string;
  [key: string]: unknown;
}

interface MdxAttribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: string | null | { type: string; value: string; data?: { estree?: { body?: EstreeNode[] } } };
  position?: { start: { line: number; column: number } };
}

/** Why an expression is not a literal, or its value. */
type Evaluated = { ok: true; value: LiteralValue } | { ok: false; reason: string };

function evaluate(node: EstreeNode | null | undefined): Evaluated {
  if (!node) return { ok: false, reason: 'an empty expression' };
  switch (node.type) {
    case 'Literal': {
      const value = node.value;
      if (node.regex || typeof value === 'bigint')
        return { ok: false, reason: 'a regular expression or bigint' };
      return { ok: true, value: value as string | number | boolean | null };
    }
    case 'TemplateLiteral': {
      const expressions = node.expressions as EstreeNode[];
      const quasis = node.quasis as { value: { cooked: string | null } }[];
      if (expressions.length > 0) return { ok: false, reason: 'a template with a hole' };
      return { ok: true, value: quasis.map((q) => q.value.cooked ?? '').join('') };
    }
    case 'UnaryExpression': {
      const inner = evaluate(node.argument as EstreeNode);
      if ((node.operator === '-' || node.operator === '+') && inner.ok && typeof inner.value === 'number')
        return { ok: true, value: node.operator === '-' ? -inner.value : inner.value };
      return { ok: false, reason: `the operator ${String(node.operator)}` };
    }
    case 'ArrayExpression': {
      const out: LiteralValue[] = [];
      for (const element of node.elements as (EstreeNode | null)[]) {
        if (!element || element.type === 'SpreadElement') return { ok: false, reason: 'a spread or hole' };
        const item = evaluate(element);
        if (!item.ok) return item;
        out.push(item.value);
      }
      return { ok: true, value: out };
    }
    case 'ObjectExpression': {
      const out: Record<string, LiteralValue> = {};
      for (const property of node.properties as EstreeNode[]) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init' || property.method)
          return { ok: false, reason: 'a computed key, spread, method or accessor' };
        if (property.shorthand) return { ok: false, reason: 'a variable' };
        const key = property.key as EstreeNode;
        const name =
          key.type === 'Identifier'
            ? String(key.name)
            : key.type === 'Literal'
              ? String(key.value)
              : undefined;
        if (name === undefined) return { ok: false, reason: 'a computed key' };
        const item = evaluate(property.value as EstreeNode);
        if (!item.ok) return item;
        // Never an own "__proto__" that changes the prototype.
        Object.defineProperty(out, name, { value: item.value, enumerable: true, writable: true });
      }
      return { ok: true, value: out };
    }
    case 'Identifier':
      return node.name === 'undefined'
        ? { ok: false, reason: 'undefined' }
        : { ok: false, reason: `the variable \`${String(node.name)}\`` };
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
      return { ok: false, reason: 'a function' };
    case 'CallExpression':
    case 'NewExpression':
      return { ok: false, reason: 'a call' };
    case 'JSXElement':
    case 'JSXFragment':
      return { ok: false, reason: 'JSX' };
    default:
      return { ok: false, reason: `a ${node.type}` };
  }
}

/** The literal an MDX attribute value expression holds (its ESTree), or why it is none. */
function expressionValue(value: { value: string; data?: { estree?: { body?: EstreeNode[] } } }): Evaluated {
  const body = value.data?.estree?.body ?? [];
  const statement = body[0];
  if (body.length !== 1 || statement?.type !== 'ExpressionStatement')
    return { ok: false, reason: 'not a single expression' };
  return evaluate(statement.expression as EstreeNode);
}

const shorten = (text: string) => (text.length > 40 ? `${text.slice(0, 37)}…` : text);

/**
 * The props of an MDX element as literals; refused ones are reported to `problems` and left out.
 * A bare attribute (`<Accordion defaultOpen>`) is `true`.
 * @example literalProps(node.attributes, problems, 'Card') // { title: 'Start', cols: 2 }
 */
export function literalProps(
  attributes: readonly MdxAttribute[],
  problems: ProblemList,
  element: string,
): Record<string, LiteralValue> {
  const props: Record<string, LiteralValue> = {};
  for (const attribute of attributes) {
    const at = attribute.position?.start;
    if (attribute.type === 'mdxJsxExpressionAttribute' || attribute.name === undefined) {
      problems.error(at, `<${element}>: spread props (\`{...x}\`) are not allowed: props are literals only`);
      continue;
    }
    const name = attribute.name;
    if (/^on/i.test(name)) {
      problems.error(
        at,
        `<${element} ${name}>: event-handler props are not allowed (docs pages run no author JavaScript)`,
      );
      continue;
    }
    const value = attribute.value;
    if (value === null || value === undefined) {
      props[name] = true;
      continue;
    }
    if (typeof value === 'string') {
      props[name] = value;
      continue;
    }
    const evaluated = expressionValue(value);
    if (!evaluated.ok) {
      problems.error(
        at,
        `<${element} ${name}={${shorten(value.value)}}>: props are literals only (strings, numbers, booleans, arrays and objects of them), not ${evaluated.reason}`,
      );
      continue;
    }
    Object.defineProperty(props, name, { value: evaluated.value, enumerable: true, writable: true });
  }
  return props;
}
