/**
 * The Ask AI conversation kept in the tab's session storage, so it survives navigation within
 * the site (a reader follows a cited link and asks a follow-up) and ends with the tab. One entry
 * per site (its base path). What is read back is checked field by field: storage is shared with
 * every script of the origin and may hold anything.
 */

import type { ChatTurn } from './chat-store.js';
import { chatSourceOf } from './chat-stream.js';

/** The storage the store writes to (`window.sessionStorage`; a stand-in in tests). */
export type ChatStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Most turns kept: the server reads at most 10 earlier turns anyway. */
export const MAX_KEPT_TURNS = 20;

export const chatMemoryKey = (basePath: string) => `sx-ask-ai:${basePath || '/'}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function turnOf(value: unknown, id: number): ChatTurn[] {
  if (!isRecord(value)) return [];
  const question = str(value.question);
  const answer = str(value.answer) ?? '';
  if (!question) return [];
  // An answer still streaming when the reader left was cut there.
  const state = value.state === 'done' || value.state === 'error' ? value.state : 'stopped';
  const error = str(value.error);
  const questionId = str(value.questionId);
  const rating = value.rating === 'up' || value.rating === 'down' ? value.rating : undefined;
  return [
    {
      id,
      question,
      answer,
      sources: Array.isArray(value.sources) ? value.sources.flatMap(chatSourceOf) : [],
      state,
      ...(error ? { error } : {}),
      ...(questionId ? { questionId } : {}),
      ...(rating ? { rating } : {}),
    },
  ];
}

/** The turns kept for this site, numbered from 1; none when there are none or they do not read. */
export function readChatMemory(storage: ChatStorage | undefined, basePath: string): ChatTurn[] {
  let text: string | null | undefined;
  try {
    text = storage?.getItem(chatMemoryKey(basePath));
  } catch {
    return [];
  }
  if (!text) return [];
  let saved: unknown;
  try {
    saved = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(saved) || !Array.isArray(saved.turns)) return [];
  return saved.turns
    .slice(-MAX_KEPT_TURNS)
    .flatMap((turn) => turnOf(turn, 0))
    .map((turn, index) => ({ ...turn, id: index + 1 }));
}

/** Keeps the turns (the last `MAX_KEPT_TURNS`); a full or refused storage keeps nothing, silently. */
export function writeChatMemory(storage: ChatStorage | undefined, basePath: string, turns: ChatTurn[]): void {
  try {
    if (turns.length === 0) storage?.removeItem(chatMemoryKey(basePath));
    else
      storage?.setItem(
        chatMemoryKey(basePath),
        JSON.stringify({ turns: turns.slice(-MAX_KEPT_TURNS).map(({ id: _id, ...turn }) => turn) }),
      );
  } catch {
    // Storage full or disabled: the conversation lasts this page only.
  }
}

/** The tab's session storage, when the page may use it. */
export function sessionChatStorage(): ChatStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
