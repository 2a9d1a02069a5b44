/**
 * The request log (issue #30 item 6): one line per request, written when the response is done,
 * through Fastify's log controller (its own two lines, "incoming request" and "request
 * completed", and the 404 note become this one). Cacheable answers (a GET or HEAD answered 304,
 * or 200 with a `public` or `immutable` Cache-Control: pages, files, the bundle) are the bulk of
 * a busy docs host's traffic, and a CDN logs them too; they can be sampled (`cacheableShare`, the
 * share logged, each such line carrying it) or left out. Errors the server handles (5xx with
 * their stack, stream failures) are logged as before, whatever the request log setting.
 * The proxy's requests bypass Fastify and have their own line (proxy/access-log.ts).
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export interface RequestLogOptions {
  /** `off`: no line per request (errors the server logs itself still are). Default `all`. */
  requests?: 'all' | 'off';
  /** Share (0–1) of cacheable answers logged; default 1 (every one). */
  cacheableShare?: number;
}

/**
 * Marks a raw request already drawn into the cacheable share (the docs host's page fast lane draws
 * before handing it to Fastify), so its line is written without a second draw.
 */
export const SAMPLED_IN: unique symbol = Symbol('sextant.request-log.sampled-in');

/** Whether `share` (0–1) of cacheable answers says to log this one (a draw). */
export function drawsCacheableLine(options: RequestLogOptions): boolean {
  if (options.requests === 'off') return false;
  const share = Math.min(1, Math.max(0, options.cacheableShare ?? 1));
  return share >= 1 || Math.random() < share;
}

/** True for an answer a shared cache may keep: a GET/HEAD 304, or a 200 marked public or immutable. */
export function isCacheableAnswer(method: string, status: number, cacheControl: unknown): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (status === 304) return true;
  return status === 200 && typeof cacheControl === 'string' && /\b(public|immutable)\b/.test(cacheControl);
}

/**
 * Fastify's `logController` writing the one line per request.
 * @example Fastify({ logController: new RequestLog({ cacheableShare: 0.01 }) })
 */
export class RequestLog extends LogController {
  private readonly off: boolean;
  private readonly share: number;

  constructor(options: RequestLogOptions = {}) {
    super();
    this.off = options.requests === 'off';
    this.share = Math.min(1, Math.max(0, options.cacheableShare ?? 1));
  }

  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.off) return;
    const status = reply.statusCode;
    const cacheable =
      this.share < 1 && !error && isCacheableAnswer(request.method, status, reply.getHeader('cache-control'));
    const drawn = (request.raw as { [SAMPLED_IN]?: boolean })[SAMPLED_IN] === true;
    if (cacheable && !drawn && Math.random() >= this.share) return;
    const line = {
      req: request,
      res: { statusCode: status },
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
      ...(cacheable ? { sampled: this.share } : {}),
    };
    if (error) request.log.error({ ...line, err: error }, 'request');
    else request.log.info(line, 'request');
  }
}
