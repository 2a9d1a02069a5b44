/**
 * The conversation a chat request carries, bounded: the reader's question (the last message) is
 * at most `MAX_QUESTION_CHARS`, and so is every earlier question; earlier answers come back from
 * the client, which may have rewritten them, so only their first `MAX_EARLIER_ANSWER_CHARS` are
 * sent on (an answer is at most 1,024 tokens, about that many characters). Earlier turns are
 * kept newest first up to `MAX_HISTORY_MESSAGES` and `MAX_HISTORY_CHARS`, so follow-ups keep
 * their context and a client cannot send a novel: what reaches the model from the client is at
 * most 2,000 + 8,000 characters.
 */
import { z } from 'zod';
import { AiBadRequestError } from './errors.js';
import type { ChatTurn } from './providers.js';

export const MAX_QUESTION_CHARS = 2000;
export const MAX_EARLIER_ANSWER_CHARS = 4000;
export const MAX_HISTORY_MESSAGES = 10;
export const MAX_HISTORY_CHARS = 8000;
/** Largest message accepted at all (an earlier answer may be long); longer ones are refused. */
const MAX_MESSAGE_CHARS = 20_000;

export const chatBodySchema = z.strictObject({
  messages: z
    .array(
      z.strictObject({
        role: z.enum(['user', 'assistant']),
        content: z.string().max(MAX_MESSAGE_CHARS),
      }),
    )
    .min(1)
    .max(100),
  page: z.string().max(1000).optional(),
});
export type ChatBody = z.infer<typeof chatBodySchema>;

/** An earlier turn as it may reach the model: a question within the question limit, an answer cut to its bound. */
function boundEarlierTurn(turn: ChatTurn): ChatTurn {
  const content = turn.content.trim();
  if (turn.role === 'user') {
    if (content.length > MAX_QUESTION_CHARS)
      throw new AiBadRequestError(
        `Earlier questions are at most ${MAX_QUESTION_CHARS} characters too: start a new conversation.`,
      );
    return { role: 'user', content };
  }
  return { role: 'assistant', content: content.slice(0, MAX_EARLIER_ANSWER_CHARS) };
}

/** The turns sent to the model: the question, and as much recent history as the bounds allow. */
export function boundConversation(messages: ChatTurn[]): ChatTurn[] {
  const question = messages.at(-1);
  if (question?.role !== 'user')
    throw new AiBadRequestError('The last message must be the reader\'s question (role "user").');
  const text = question.content.trim();
  if (!text) throw new AiBadRequestError('Ask a question: the message is empty.');
  if (text.length > MAX_QUESTION_CHARS)
    throw new AiBadRequestError(
      `Questions are at most ${MAX_QUESTION_CHARS} characters: shorten it and ask again.`,
    );
  const earlier = messages.slice(0, -1).map(boundEarlierTurn);
  const kept: ChatTurn[] = [];
  let chars = 0;
  for (let index = earlier.length - 1; index >= 0 && kept.length < MAX_HISTORY_MESSAGES; index--) {
    const turn = earlier[index] as ChatTurn;
    if (chars + turn.content.length > MAX_HISTORY_CHARS) break;
    if (!turn.content) continue;
    chars += turn.content.length;
    kept.unshift(turn);
  }
  // The model's conversation starts with the reader and alternates roles.
  while (kept[0]?.role === 'assistant') kept.shift();
  const turns: ChatTurn[] = [];
  for (const turn of [...kept, { role: 'user' as const, content: text }]) {
    const last = turns.at(-1);
    if (last?.role === turn.role) last.content = `${last.content}\n\n${turn.content}`;
    else turns.push({ ...turn });
  }
  return turns;
}

/** What retrieval searches for: the question, plus the previous question for a follow-up's context. */
export function retrievalQuery(turns: ChatTurn[]): string {
  const questions = turns.filter((turn) => turn.role === 'user').map((turn) => turn.content);
  const last = questions.at(-1) ?? '';
  const previous = questions.at(-2);
  return previous ? `${last}\n${previous.slice(0, 500)}` : last;
}
