/** HTTP method badge and a path with its parameters highlighted. */
import type { PathPart } from '@sextant/definition';

export function MethodBadge({ method }: { method: string }) {
  return (
    <span className={`sx-method sx-method-${method.toLowerCase()}`}>
      {method === 'DELETE' ? 'DEL' : method}
    </span>
  );
}

export function PathView({ path }: { path: PathPart[] }) {
  return (
    <code className="sx-path">
      {path.map((part, i) =>
        part.type === 'literal' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity beyond their position
          <span key={i}>{part.value}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity beyond their position
          <span key={i} className="sx-path-param">{`{${part.name}}`}</span>
        ),
      )}
    </code>
  );
}
