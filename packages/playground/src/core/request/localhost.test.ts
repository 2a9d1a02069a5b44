import { describe, expect, it } from 'vitest';
import { isLocalhostUrl, LOCALHOST_DISABLED_TOOLTIP, sendDisabledReason } from './localhost.js';

describe('localhost', () => {
  it('recognises loopback targets and disables them only in hosted mode', () => {
    for (const url of [
      'http://localhost:4010',
      'http://127.0.0.1/x',
      'http://[::1]:80/',
      'http://api.localhost',
      'http://0.0.0.0',
    ])
      expect(isLocalhostUrl(url)).toBe(true);
    for (const url of [
      'https://api.example.com',
      'http://localhost.example.com',
      'not a url',
      'http://128.0.0.1',
    ])
      expect(isLocalhostUrl(url)).toBe(false);
    expect(sendDisabledReason('hosted', 'http://localhost:1')).toBe(LOCALHOST_DISABLED_TOOLTIP);
    expect(sendDisabledReason('local', 'http://localhost:1')).toBeUndefined();
    expect(LOCALHOST_DISABLED_TOOLTIP).toBe('Cannot send requests to localhost');
  });
});
