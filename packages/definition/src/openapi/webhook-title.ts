/**
 * A webhook's title: the name of the event it delivers. Specs often give every action of one
 * event the same sentence-long summary ("This event occurs when there is activity relating to
 * issues…"), so a summary is the title only when it is short; otherwise the event is named from
 * its operationId (`issues/opened` → `issues.opened`, GitHub's `x-github.subcategory` giving the
 * event's own spelling: `check_run.requested_action`) or the webhook's key.
 */
import { NAV_LABEL_MAX, plainTitle } from '../docs/nav-label.js';
import { isObject, type Json, str } from './context.js';

/** The title of the webhook under `name` whose operation is `operation`. */
export function webhookTitle(name: string, operation: Json): string {
  const summary = str(operation.summary)?.trim();
  if (summary && !summary.includes('\n') && plainTitle(summary).length <= NAV_LABEL_MAX) return summary;
  return eventName(name, operation);
}

/**
 * The event name: `event.action` from an operationId `event/action` (the event spelled as the
 * `x-github` extension's subcategory when it gives one), else the operationId, else the key.
 */
function eventName(name: string, operation: Json): string {
  const operationId = str(operation.operationId)?.trim();
  if (!operationId) return name;
  const segments = operationId.split('/').filter(Boolean);
  if (segments.length === 0) return name;
  const extension = operation['x-github'];
  const subcategory = isObject(extension) ? str(extension.subcategory) : undefined;
  if (subcategory && segments.length === 2) return `${subcategory}.${segments[1]?.replace(/-/g, '_')}`;
  return segments.join('.');
}

/**
 * The webhook's description: its own, then the summary when the summary did not become the title
 * (the event-level sentence is kept, not lost).
 */
export function webhookDescription(title: string, operation: Json): string | undefined {
  const summary = str(operation.summary)?.trim();
  const description = str(operation.description)?.trim();
  const parts = [description, summary && summary !== title ? summary : undefined].filter(
    (part): part is string => Boolean(part),
  );
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}
