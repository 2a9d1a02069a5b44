/**
 * What a chat request's conversation may carry to the model: every question within the question
 * limit, earlier answers cut to their bound, the history within its total, and the reader's
 * characters bounded however the client builds the history.
 */
import { describe, expect, it } from 'vitest';
import {
  boundConversation,
  MAX_EARLIER_ANSWER_CHARS,
  MAX_HISTORY_CHARS,
  MAX_HISTORY_MESSAGES,
  MAX_QUESTION_CHARS,
} from './conversation.js';
import { AiBadRequestError } from './errors.js';
import type { ChatTurn } from './providers.js';

const user = (content: string): ChatTurn => ({ role: 'user', content });
const assistant = (content: string): ChatTurn => ({ role: 'assistant', content });
const chars = (turns: ChatTurn[]) => turns.reduce((sum, turn) => sum + turn.content.length, 0);

describe('boundConversation', () => {
  it('keeps a short conversation as it is', () => {
    const turns = [user('What is a pet?'), assistant('An animal.'), user('And a cat?')];
    expect(boundConversation(turns)).toEqual(turns);
  });

  it('refuses a question over the limit, now or earlier in the history', () => {
    const long = 'x'.repeat(MAX_QUESTION_CHARS + 1);
    expect(() => boundConversation([user(long)])).toThrow(AiBadRequestError);
    expect(() => boundConversation([user(long), assistant('ok'), user('hi')])).toThrow(
      /Earlier questions are at most 2000 characters/,
    );
    // Spaces around a question do not count, as for the question itself.
    const padded = ` ${'x'.repeat(MAX_QUESTION_CHARS)} `;
    expect(boundConversation([user(padded), assistant('ok'), user('hi')])[0]?.content).toHaveLength(
      MAX_QUESTION_CHARS,
    );
  });

  it('sends only the first part of an earlier answer the client sends back', () => {
    const answer = 'a'.repeat(19_000);
    const [, sent] = boundConversation([user('q1'), assistant(answer), user('q2')]);
    expect(sent).toEqual(assistant('a'.repeat(MAX_EARLIER_ANSWER_CHARS)));
  });

  it('bounds the history in messages and characters, newest first', () => {
    const many = Array.from({ length: 30 }, (_, i) => [user(`q${i}`), assistant(`a${i}`)]).flat();
    const turns = boundConversation([...many, user('last')]);
    expect(turns).toHaveLength(MAX_HISTORY_MESSAGES + 1);
    expect(turns.at(-2)).toEqual(assistant('a29'));
    const full = Array.from({ length: 5 }, () => [
      user('q'.repeat(MAX_QUESTION_CHARS)),
      assistant('a'.repeat(MAX_EARLIER_ANSWER_CHARS)),
    ]).flat();
    expect(chars(boundConversation([...full, user('last')]).slice(0, -1))).toBeLessThanOrEqual(
      MAX_HISTORY_CHARS,
    );
  });

  it("bounds the reader's characters however the history is built (the issue's 17,804 past the limit)", () => {
    const shapes: ChatTurn[][] = [
      // Many questions in a row, merged into one message by the alternation rule.
      Array.from({ length: 20 }, () => user('q'.repeat(MAX_QUESTION_CHARS))),
      // Answers the client wrote itself, as long as the body allows.
      Array.from({ length: 20 }, (_, i) => (i % 2 ? assistant('a'.repeat(20_000)) : user('q'.repeat(1999)))),
    ];
    for (const history of shapes) {
      const turns = boundConversation([...history, user('q'.repeat(MAX_QUESTION_CHARS))]);
      // Blank lines join merged questions: a few characters each.
      expect(chars(turns)).toBeLessThanOrEqual(
        MAX_QUESTION_CHARS + MAX_HISTORY_CHARS + 2 * MAX_HISTORY_MESSAGES,
      );
      const roles = turns.map((turn) => turn.role);
      expect(roles[0]).toBe('user');
      expect(roles.every((role, i) => i === 0 || role !== roles[i - 1])).toBe(true);
    }
  });
});
