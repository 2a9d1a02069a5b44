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
    if (cacheable && Math.random() >= this.share) return;
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
