/**
 * What the APIs of a project hold, in the words of `sextant dev`'s summary line: an AsyncAPI spec
 * has channels and no endpoints, so "0 endpoints" alone would read as an import that found nothing.
 */
import type { ApiDefinition } from '@sextant/definition';

/**
 * "23 endpoints", "1 channel", "1223 endpoints, 270 webhooks"; "0 endpoints" when there is nothing.
 * @example apiContents([githubDefinition]) // '1223 endpoints, 270 webhooks'
 */
export function apiContents(apis: readonly ApiDefinition[]): string {
  const count = (of: (api: ApiDefinition) => object) =>
    apis.reduce((sum, api) => sum + Object.keys(of(api)).length, 0);
  const parts = (
    [
      [count((api) => api.endpoints), 'endpoint'],
      [count((api) => api.websockets), 'channel'],
      [count((api) => api.webhooks), 'webhook'],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, noun]) => `${n} ${noun}${n === 1 ? '' : 's'}`);
  return parts.length > 0 ? parts.join(', ') : '0 endpoints';
}
