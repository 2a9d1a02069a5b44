/**
 * Path queries: `/repos/octocat/hello/pulls`, `GET /repos/{owner}/{repo}/pulls`, a full URL, or
 * a path with `:name` parameters. A path template matches when every segment does: a literal
 * segment equal (case-insensitive), a `{param}` segment anything. Templates matching more
 * literal segments are the better match (`/repos/octocat/hello/pulls` is
 * `/repos/{owner}/{repo}/pulls` before `/repos/{owner}/{repo}/{name}`).
 */

const METHODS = 'GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE';
const PATH_QUERY = new RegExp(
  `^\\s*(?:(${METHODS})\\s+)?(?:https?://[^/\\s]+)?(/[^\\s?#]*|[\\w.{}:-]+(?:/[^\\s?#]*)+)(?:[?#]\\S*)?\\s*$`,
  'i',
);

export interface PathQuery {
  method?: string;
  /** The path's segments, empty ones dropped. */
  segments: string[];
}

/**
 * The method and path a query names, or undefined when it is words.
 * @example parsePathQuery('GET /repos/o/r/pulls') // { method: 'GET', segments: ['repos', 'o', 'r', 'pulls'] }
 */
export function parsePathQuery(query: string): PathQuery | undefined {
  const match = PATH_QUERY.exec(query);
  if (!match?.[2]) return undefined;
  let path = match[2];
  try {
    path = decodeURI(path);
  } catch {
    // An undecodable path is matched as typed.
  }
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) return undefined;
  return { ...(match[1] ? { method: match[1].toUpperCase() } : {}), segments };
}

const isParameter = (segment: string) => /^\{[^}]*\}$/.test(segment) || /^:\w+$/.test(segment);

/** A template segment as a test of a query segment: literal, a whole parameter, or a mix (`{id}.json`). */
function segmentTest(template: string): { literal: boolean; test: (segment: string) => boolean } {
  if (!template.includes('{')) {
    const lower = template.toLowerCase();
    return { literal: true, test: (segment) => segment.toLowerCase() === lower };
  }
  if (isParameter(template)) return { literal: false, test: (segment) => segment !== '' };
  const pattern = new RegExp(
    `^${template
      .split(/\{[^}]*\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
    'i',
  );
  return { literal: true, test: (segment) => isParameter(segment) || pattern.test(segment) };
}

export interface PathMatch {
  /** Every query segment matched a template segment and the lengths agree. */
  full: boolean;
  /** How many literal segments matched (more is more specific). */
  literals: number;
}

/**
 * How `template` (`/repos/{owner}/{repo}`) matches the query's segments: fully, as a longer
 * template the query is the start of (`/repos/{owner}` for a reader still typing), or not at all.
 */
export function matchPathTemplate(template: string, query: PathQuery): PathMatch | undefined {
  const parts = template.split('/').filter((segment) => segment !== '');
  if (parts.length < query.segments.length) return undefined;
  let literals = 0;
  for (const [index, segment] of query.segments.entries()) {
    const part = parts[index] as string;
    // A parameter in the query ({owner}, :owner) stands for any value: it matches a parameter only.
    if (isParameter(segment)) {
      if (!isParameter(part)) return undefined;
      continue;
    }
    const { literal, test } = segmentTest(part);
    if (!test(segment)) return undefined;
    if (literal) literals++;
  }
  return { full: parts.length === query.segments.length, literals };
}
