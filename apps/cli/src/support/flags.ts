/**
 * Parsers for option values: each validates and throws commander's `InvalidArgumentError`, so a
 * bad value is a usage error (exit 2) with a message that names the flag.
 */
import { InvalidArgumentError } from 'commander';

/** A TCP port, 0–65535 (0 picks a free one). */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number 0-65535');
  return port;
}

/** A whole number ≥ 1, with an optional k/m/g suffix for sizes (`64m`). */
export function parsePositiveInt(value: string): number {
  const match = /^(\d+)([kmg])?$/i.exec(value.trim());
  const scale =
    { k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[(match?.[2] ?? '').toLowerCase() as 'k' | 'm' | 'g'] ?? 1;
  const number = match ? Number(match[1]) * scale : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1)
    throw new InvalidArgumentError('expected a whole number ≥ 1 (sizes may end in k, m or g)');
  return number;
}

/** Milliseconds, 0 or more (`5000`), or seconds with `s` (`5s`). */
export function parseDurationMs(value: string): number {
  const match = /^(\d+)(ms|s)?$/.exec(value.trim());
  const number = match ? Number(match[1]) * (match[2] === 's' ? 1000 : 1) : Number.NaN;
  if (!Number.isSafeInteger(number))
    throw new InvalidArgumentError('expected milliseconds (5000) or seconds (5s), 0 or more');
  return number;
}

/** A comma-separated list, trimmed, empties dropped. */
export function parseList(value: string, previous: string[] = []): string[] {
  return [
    ...previous,
    ...value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  ];
}

/** An http(s) URL. */
export function parseHttpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an http(s) URL such as https://registry.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError('expected an http(s) URL');
  return value.replace(/\/+$/, '');
}
