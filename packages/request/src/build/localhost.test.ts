import { describe, expect, it } from 'vitest';
import { isLocalhostUrl, sendAvailability } from './localhost.js';

describe('localhost targets (SPEC §5)', () => {
  it.each([
    ['http://localhost:3000/pets', true],
    ['http://LOCALHOST/pets', true],
    ['http://api.localhost/pets', true],
    ['http://127.0.0.1:4010', true],
    ['http://127.8.9.10', true],
    ['http://[::1]:80/', true],
    ['http://0.0.0.0:80/', true],
    ['https://api.example.com/v1', false],
    ['https://localhost.example.com', false],
    ['http://128.0.0.1', false],
    ['not a url', false],
    [':petId', false],
  ])('%s → %s', (url, expected) => {
    expect(isLocalhostUrl(url)).toBe(expected);
  });
  it('disables Send Request for localhost outside the desktop context only', () => {
    expect(sendAvailability('http://localhost:3000', { desktop: false })).toEqual({
      enabled: false,
      reason: 'Cannot send requests to localhost',
    });
    expect(sendAvailability('http://localhost:3000', { desktop: true })).toEqual({ enabled: true });
    expect(sendAvailability('https://api.example.com', { desktop: false })).toEqual({ enabled: true });
  });
});
