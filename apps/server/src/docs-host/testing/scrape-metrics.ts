/**
 * `/metrics` scraped over HTTP as a test reads it: every sample, `name{labels}` → value.
 */
import { hostRequest } from './host-request.js';

/**
 * Scrapes `/metrics` on `127.0.0.1:port` with Host `host` (the console host in hosted mode);
 * throws unless it answers 200.
 * @example (await scrapeMetrics(port, 'console.test')).get('sextant_cache_bytes{cache="renders"}')
 */
export async function scrapeMetrics(port: number, host: string): Promise<Map<string, number>> {
  const response = await hostRequest(port, { host, path: '/metrics' });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const samples = new Map<string, number>();
  for (const line of response.text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}
