/**
 * Request history per endpoint, kept in the browser: the shareable form (no credentials, no
 * files), the status and when it was sent. Newest first, at most 20 entries per endpoint.
 */

import type { PlaygroundFormState } from '../form/form-state.js';
import { Store } from '../shared/store.js';
import { decodeFormState, encodeFormState } from './deep-link.js';

/** How a request in history ended: the answer's status, `cancelled` by the reader, or null (failed). */
export type HistoryStatus = number | 'cancelled' | null;

export interface HistoryEntry {
  id: string;
  /** Epoch milliseconds. */
  sentAt: number;
  status: HistoryStatus;
  form: PlaygroundFormState;
}

/**
 * What the history list says of an entry's end.
 * @example historyStatusText('cancelled') // 'Cancelled'
 */
export function historyStatusText(status: HistoryStatus): string {
  if (status === 'cancelled') return 'Cancelled';
  return status === null ? 'Failed' : String(status);
}

/**
 * An entry's line in the history list: the local time it was sent (24-hour `HH:MM:SS`) and how
 * it ended. Built from the clock fields, not `toLocaleTimeString`: that one's first call loads
 * the locale data (about 80 ms, where the list rendered with the answer).
 *
 * @example historyEntryText({ sentAt: new Date(2026, 0, 1, 9, 5, 7).getTime(), status: 200 }) // '09:05:07 · 200'
 */
export function historyEntryText(entry: Pick<HistoryEntry, 'sentAt' | 'status'>): string {
  const sent = new Date(entry.sentAt);
  const time = [sent.getHours(), sent.getMinutes(), sent.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return `${time} · ${historyStatusText(entry.status)}`;
}

export const HISTORY_LIMIT = 20;

type HistoryStorage = Pick<Storage, 'getItem' | 'setItem'>;

interface StoredEntry {
  id: string;
  sentAt: number;
  status: HistoryStatus;
  form: string;
}

/**
 * Headless store of one endpoint's history.
 *
 * @example
 * const history = new RequestHistory('endpoint-1', localStorage); history.record(form, 200);
 */
export class RequestHistory extends Store<HistoryEntry[]> {
  readonly #key: string;
  readonly #storage: HistoryStorage | undefined;
  #counter = 0;

  constructor(endpointKey: string, storage?: HistoryStorage) {
    super(readEntries(storage, `sextant:history:${endpointKey}`));
    this.#key = `sextant:history:${endpointKey}`;
    this.#storage = storage;
  }

  /** Adds an entry for a request just answered. `secretHeaderNames` are left out of the stored form. */
  record(
    form: PlaygroundFormState,
    status: HistoryStatus,
    secretHeaderNames: string[] = [],
    now = Date.now(),
  ): void {
    const stored: StoredEntry = {
      id: `${now}-${this.#counter++}`,
      sentAt: now,
      status,
      form: encodeFormState(form, secretHeaderNames),
    };
    const entries = [stored, ...readStored(this.#storage, this.#key)].slice(0, HISTORY_LIMIT);
    try {
      this.#storage?.setItem(this.#key, JSON.stringify(entries));
    } catch {
      // A full or disabled storage only loses history; the request itself went through.
    }
    this.setState(
      this.#storage
        ? toEntries(entries)
        : [...toEntries([stored]), ...this.getState()].slice(0, HISTORY_LIMIT),
    );
  }

  /** Forgets every entry of the endpoint. */
  clear(): void {
    try {
      this.#storage?.setItem(this.#key, '[]');
    } catch {
      // Nothing to do: the in-memory list is cleared below.
    }
    this.setState([]);
  }
}

function readStored(storage: HistoryStorage | undefined, key: string): StoredEntry[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(value)
      ? value.filter(
          (entry): entry is StoredEntry =>
            entry !== null &&
            typeof entry === 'object' &&
            typeof entry.id === 'string' &&
            typeof entry.sentAt === 'number' &&
            typeof entry.form === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

function readEntries(storage: HistoryStorage | undefined, key: string): HistoryEntry[] {
  return toEntries(readStored(storage, key));
}

function toEntries(stored: StoredEntry[]): HistoryEntry[] {
  return stored.flatMap((entry) => {
    const form = decodeFormState(entry.form);
    return form ? [{ id: entry.id, sentAt: entry.sentAt, status: entry.status ?? null, form }] : [];
  });
}
