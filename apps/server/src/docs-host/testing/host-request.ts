/**
 * An HTTP request over a real socket with the headers a test chooses, Host included (fetch
 * cannot set Host): for hosted sites on 127.0.0.1 and for forwarding headers.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface HostResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * Sends one request to `127.0.0.1:port`; a body that is not a string is sent as JSON.
 * @example await hostRequest(port, { host: 'acme.docs.test', method: 'POST', path: '/_sextant/analytics', body: { events } })
 */
export function hostRequest(
  port: number,
  options: { host?: string; method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<HostResponse> {
  const body =
    options.body === undefined || typeof options.body === 'string'
      ? options.body
      : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: options.path,
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(options.host ? { host: options.host } : {}),
          ...(typeof options.body === 'object' ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
