/**
 * The webhook path items of a document: OpenAPI 3.1's `webhooks` and `x-webhooks`, the 3.0
 * extension Redoc reads (same shape). Both maps are read; a name in both keeps the `webhooks`
 * entry and the `x-webhooks` one is warned about.
 */
import type { Location } from '../document/document-set.js';
import { describeType, type ImportContext, isObject, type Json, objectAt, pointerAt } from './context.js';

export interface WebhookEntry {
  name: string;
  value: unknown;
  at: Location;
}

export function webhookEntries(context: ImportContext, root: Json, rootAt: Location): WebhookEntry[] {
  const entries: WebhookEntry[] = [];
  const taken = new Map<string, Location>();
  if (root.webhooks !== undefined) {
    const webhooksAt = pointerAt(rootAt, 'webhooks');
    const map = objectAt(context, root.webhooks, webhooksAt, '`webhooks`').value;
    for (const name of Object.keys(map)) {
      const at = pointerAt(webhooksAt, name);
      taken.set(name, at);
      entries.push({ name, value: map[name], at });
    }
  }
  const extension = root['x-webhooks'];
  if (extension === undefined) return entries;
  const extensionAt = pointerAt(rootAt, 'x-webhooks');
  const resolved = context.docs.deref(extension, extensionAt);
  if (!isObject(resolved.value)) {
    context.sink.warn(
      resolved.at,
      `\`x-webhooks\` must be an object, got ${describeType(resolved.value)}; ignored`,
    );
    return entries;
  }
  for (const name of Object.keys(resolved.value)) {
    const at = pointerAt(resolved.at, name);
    const clash = taken.get(name);
    if (clash) {
      context.sink.warn(
        at,
        `webhook "${name}" is declared in both \`webhooks\` and \`x-webhooks\`; the \`webhooks\` one (${clash.pointer}) is kept`,
      );
      continue;
    }
    entries.push({ name, value: resolved.value[name], at });
  }
  return entries;
}
