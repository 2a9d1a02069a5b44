/**
 * Which failures mean "the database is away" (503 UnavailableError, retry) and which are
 * anything else (a constraint, a bug: not retried), and the LISTEN connection's backoff.
 */
import { describe, expect, it } from 'vitest';
import { unavailableError } from '../registry/errors.js';
import {
  asDatabaseUnavailable,
  DatabaseUnavailableError,
  databaseUnavailableReason,
  isDatabaseUnavailable,
} from './database-unavailable.js';
import { reconnectDelay } from './notifier.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('databaseUnavailableReason', () => {
  it('names the SQLSTATE of a server going away or refusing connections', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08P01'])
      expect(databaseUnavailableReason(withCode(code)), code).toBe(code);
  });

  it('names the errno of a socket that cannot reach the database', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND'])
      expect(databaseUnavailableReason(withCode(code)), code).toBe(code);
  });

  it("reads node-postgres's code-less connection messages", () => {
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated',
      'Connection terminated due to connection timeout',
      'Client has encountered a connection error and is not queryable',
      'timeout exceeded when trying to connect',
    ])
      expect(databaseUnavailableReason(new Error(message)), message).toBe('connection-lost');
  });

  it('looks inside AggregateError (every address refused) and causes', () => {
    const refused = new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], '');
    expect(databaseUnavailableReason(refused)).toBe('ECONNREFUSED');
    expect(databaseUnavailableReason(new Error('wrapped', { cause: withCode('57P01') }))).toBe('57P01');
    expect(databaseUnavailableReason(new DatabaseUnavailableError('55000'))).toBe('55000');
  });

  it('leaves every other failure alone', () => {
    for (const error of [
      withCode('23505', 'duplicate key value violates unique constraint'),
      withCode('42P01', 'relation "x" does not exist'),
      withCode('22P02', 'invalid input syntax for type integer: "08006"'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      'Connection terminated',
      undefined,
    ])
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });

  it('wraps into a DatabaseUnavailableError carrying only the code', () => {
    const original = withCode('57P01', 'terminating connection due to administrator command');
    const wrapped = asDatabaseUnavailable(original) as DatabaseUnavailableError;
    expect(wrapped).toBeInstanceOf(DatabaseUnavailableError);
    expect(wrapped.reason).toBe('57P01');
    expect(wrapped.cause).toBe(original);
    const other = withCode('23505');
    expect(asDatabaseUnavailable(other)).toBe(other);
  });

  it("becomes the registry's UnavailableError (503), other failures do not", () => {
    const error = unavailableError(withCode('57P01'));
    expect(error?.status).toBe(503);
    expect(error?.toBody()).toEqual({
      error: 'UnavailableError',
      content: { message: "The registry's database does not answer (57P01): retry in a moment" },
    });
    expect(unavailableError(withCode('23505'))).toBeUndefined();
  });
});

describe('reconnectDelay', () => {
  it('doubles from 250 ms to at most 5 s, with ±20 % jitter', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 10, 100].map((attempt) => reconnectDelay(attempt, middle))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(200);
    expect(reconnectDelay(10, () => 1)).toBe(6000);
  });
});
