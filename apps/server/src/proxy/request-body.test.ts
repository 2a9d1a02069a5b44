/** RequestBody: passes every byte on, keeps an exact copy up to the replay cap, enforces the body cap. */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RequestBody } from './request-body.js';

/** Splits `bytes` into chunks of varying sizes (1 byte to 40 KB). */
function chunks(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = [1, 700, 40_000, 13, 16_384][i % 5]!;
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

async function run(body: RequestBody, input: Buffer[]): Promise<Buffer> {
  const passed: Buffer[] = [];
  for await (const chunk of Readable.from(input).pipe(body)) passed.push(chunk as Buffer);
  return Buffer.concat(passed);
}

describe('RequestBody', () => {
  it('keeps an exact copy of a body of unknown length, growing past its first buffer', async () => {
    const bytes = randomBytes(300_000);
    const body = new RequestBody(10_000_000, 1024 * 1024);
    expect(body.replay()).toBeUndefined();
    expect((await run(body, chunks(bytes))).equals(bytes)).toBe(true);
    expect(body.replay()?.equals(bytes)).toBe(true);
  });

  it('drops the copy past the replay cap but still passes every byte', async () => {
    const bytes = randomBytes(5000);
    const body = new RequestBody(10_000, 4999);
    expect((await run(body, chunks(bytes))).equals(bytes)).toBe(true);
    expect(body.replay()).toBeUndefined();
    expect(body.unreplayableReason).toBe('the request body is over the 4999-byte replay buffer');
    const declared = new RequestBody(10_000, 4999, 5000);
    await run(declared, [bytes]);
    expect(declared.replay()).toBeUndefined();
  });

  it('fails with ProxyRequestTooLargeError past the body cap', async () => {
    await expect(
      run(new RequestBody(1000, 100), [Buffer.alloc(600), Buffer.alloc(600)]),
    ).rejects.toMatchObject({
      code: 'ProxyRequestTooLargeError',
    });
  });
});
