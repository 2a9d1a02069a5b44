/**
 * The client's transport against a real local HTTP server: retries with backoff on 408, 429 and
 * 5xx, Retry-After, no retry on other statuses, timeout, abort, non-json and unknown failures,
 * named-error decoding, and the headers every request carries.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRegistryClient } from './client.js';
import {
  RegistryAbortError,
  RegistryClientError,
  RegistryNamedError,
  RegistryTimeoutError,
} from './client-errors.js';
import { backoffDelay, retryAfterMs } from './transport.js';

type Reply = (request: IncomingMessage, response: ServerResponse, attempt: number) => void;

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

async function serve(
  reply: Reply,
): Promise<{ baseUrl: string; requests: { at: number; headers: IncomingMessage['headers'] }[] }> {
  const requests: { at: number; headers: IncomingMessage['headers'] }[] = [];
  const created = createServer((request, response) => {
    requests.push({ at: Date.now(), headers: request.headers });
    reply(request, response, requests.length);
  });
  server = created;
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(created.address() as AddressInfo).port}`, requests };
}

function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

const unavailable = { error: 'UnavailableError', content: 'busy' };

async function failure(promise: Promise<unknown>): Promise<RegistryClientError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RegistryClientError);
  return error as RegistryClientError;
}

describe('registry client transport', () => {
  it('succeeds after two 503s, backing off from the base delay and doubling', async () => {
    const { baseUrl, requests } = await serve((_, response, attempt) =>
      attempt <= 2 ? json(response, 503, unavailable) : json(response, 200, { generators: [] }),
    );
    const client = createRegistryClient({ baseUrl, baseDelayMs: 100 });
    expect(await client.listGenerators({})).toEqual({ generators: [] });
    expect(requests).toHaveLength(3);
    const [first, second, third] = requests.map((entry) => entry.at);
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(80);
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(160);
  });

  it('gives up after 2 retries with the status and the decoded named error', async () => {
    const { baseUrl, requests } = await serve((_, response) => json(response, 503, unavailable));
    const error = await failure(createRegistryClient({ baseUrl, baseDelayMs: 5 }).listGenerators({}));
    expect(requests).toHaveLength(3);
    expect(error).toBeInstanceOf(RegistryNamedError);
    expect(error.status).toBe(503);
    expect((error as RegistryNamedError).errorName).toBe('UnavailableError');
    expect((error as RegistryNamedError).content).toBe('busy');
  });

  it('retries 408 and 429 but not other 4xx', async () => {
    const retried = await serve((_, response, attempt) =>
      attempt === 1
        ? json(response, 408, {})
        : attempt === 2
          ? json(response, 429, {})
          : json(response, 200, { generators: [] }),
    );
    await createRegistryClient({ baseUrl: retried.baseUrl, baseDelayMs: 5 }).listGenerators({});
    expect(retried.requests).toHaveLength(3);
    server?.close();
    const notRetried = await serve((_, response) =>
      json(response, 404, { error: 'ApiDoesNotExistError', content: 'x' }),
    );
    const error = await failure(
      createRegistryClient({ baseUrl: notRetried.baseUrl, baseDelayMs: 5 }).loadApiDefinition({
        params: { id: 'x' },
      }),
    );
    expect(notRetried.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(RegistryNamedError);
    expect(error.status).toBe(404);
  });

  it('honours Retry-After over its own backoff', async () => {
    const { baseUrl, requests } = await serve((_, response, attempt) =>
      attempt === 1
        ? json(response, 429, {}, { 'retry-after': '1' })
        : json(response, 200, { generators: [] }),
    );
    await createRegistryClient({ baseUrl, baseDelayMs: 1 }).listGenerators({});
    expect((requests[1]?.at ?? 0) - (requests[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(retryAfterMs('Thu, 01 Jan 2099 00:00:00 GMT', 60_000)).toBe(60_000);
    expect(retryAfterMs('soon', 60_000)).toBeUndefined();
  });

  it("times out with 'timeout' and does not retry", async () => {
    const { baseUrl, requests } = await serve((_, response) =>
      setTimeout(() => json(response, 200, { generators: [] }), 2000),
    );
    const started = Date.now();
    const error = await failure(
      createRegistryClient({ baseUrl }).listGenerators({}, { timeoutInSeconds: 0.2 }),
    );
    expect(error).toBeInstanceOf(RegistryTimeoutError);
    expect(error.message).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(requests).toHaveLength(1);
  });

  it("aborts with 'The user aborted a request', during a request and during backoff", async () => {
    const { baseUrl } = await serve((_, response, attempt) =>
      attempt === 1 ? json(response, 503, unavailable) : setTimeout(() => json(response, 200, {}), 2000),
    );
    const client = createRegistryClient({ baseUrl, baseDelayMs: 5000 });
    const duringBackoff = new AbortController();
    setTimeout(() => duringBackoff.abort(), 100);
    const started = Date.now();
    const error = await failure(client.listGenerators({}, { signal: duringBackoff.signal }));
    expect(error).toBeInstanceOf(RegistryAbortError);
    expect(error.message).toBe('The user aborted a request');
    expect(Date.now() - started).toBeLessThan(2000);

    const duringRequest = new AbortController();
    setTimeout(() => duringRequest.abort(), 100);
    const fast = createRegistryClient({ baseUrl, baseDelayMs: 1, maxRetries: 0 });
    expect((await failure(fast.listGenerators({}, { signal: duringRequest.signal }))).reason).toBe('aborted');
  });

  it('reports non-json bodies with the raw text, and unlisted errors as unknown names', async () => {
    const { baseUrl } = await serve((request, response) => {
      if (request.url === '/generators')
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>');
      else json(response, 418, { error: 'TeapotError', content: 'short and stout' });
    });
    const client = createRegistryClient({ baseUrl });
    const nonJson = await failure(client.listGenerators({}));
    expect(nonJson.reason).toBe('non-json');
    expect(nonJson.body).toBe('<html>hi</html>');
    const unlisted = await failure(client.getGenerator({ params: { id: 'x' } }));
    expect(unlisted).not.toBeInstanceOf(RegistryNamedError);
    expect(unlisted.reason).toBe('status');
    expect(unlisted.status).toBe(418);
    expect(unlisted.body).toEqual({ error: 'TeapotError', content: 'short and stout' });
  });

  it('reports a refused connection as unknown, with a message, without retrying', async () => {
    const { baseUrl } = await serve(() => undefined);
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    const started = Date.now();
    const error = await failure(createRegistryClient({ baseUrl, baseDelayMs: 2000 }).listGenerators({}));
    expect(error.reason).toBe('unknown');
    expect(error.message).toMatch(/fetch failed|ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('sends the bearer token and headers naming language and runtime', async () => {
    const { baseUrl, requests } = await serve((_, response) => json(response, 200, { apiDefinitionId: 'a' }));
    let token = 'first';
    const client = createRegistryClient({ baseUrl, token: () => token });
    await client.listGenerators({});
    token = 'second';
    await client.registerApiDefinition({ body: { orgId: 'o', apiId: 'a', definition: {} as never } });
    expect(requests[0]?.headers.authorization).toBe('Bearer first');
    expect(requests[1]?.headers.authorization).toBe('Bearer second');
    expect(requests[0]?.headers['x-sextant-language']).toBe('typescript');
    expect(requests[0]?.headers['x-sextant-runtime']).toBe('node');
    expect(requests[0]?.headers['content-type']).toBeUndefined();
    expect(requests[1]?.headers['content-type']).toBe('application/json');
    const anonymous = createRegistryClient({ baseUrl });
    await anonymous.listGenerators({});
    expect(requests[2]?.headers.authorization).toBeUndefined();
    expect(() => createRegistryClient({ baseUrl: 'ftp://x' })).toThrow(/http/);
  });

  it('computes backoff: base doubling, capped at 60000 ms, within ±20 %', () => {
    expect(backoffDelay(0, {}, () => 0.5)).toBe(1000);
    expect(backoffDelay(1, {}, () => 0.5)).toBe(2000);
    expect(backoffDelay(0, {}, () => 0)).toBe(800);
    expect(backoffDelay(0, {}, () => 1)).toBe(1200);
    expect(backoffDelay(10, {}, () => 0.5)).toBe(60_000);
    expect(backoffDelay(10, {}, () => 1)).toBe(60_000);
    expect(backoffDelay(10, {}, () => 0)).toBe(48_000);
  });
});
