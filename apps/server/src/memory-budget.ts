/**
 * One memory setting for every cache (issue #30 item 4): `--memory <MiB>` (`SEXTANT_MEMORY`) is
 * what the process may use; its caches together take `CACHE_SHARE` of it, split by `CACHE_SPLIT`
 * (the rest is left to the heap's working set: renders, requests, the database driver).
 * Without the setting, the cgroup's memory limit (a container's), else the machine's memory,
 * capped at `DEFAULT_MEMORY_CAP_MIB` so a large machine shared by other services is not taken.
 */

import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { SextantError } from '@sextant/definition/errors';
import type { CacheName } from './docs-host/byte-cache.js';

const MIB = 1024 * 1024;
/** Share of `--memory` all caches together may hold. */
export const CACHE_SHARE = 0.5;
/** How the caches' share is split (sums to 1). */
export const CACHE_SPLIT: Readonly<Record<CacheName, number>> = {
  /** Rendered pages ready to send, identity and gzip (page-responses.ts). */
  pages: 0.29,
  /** Every site's render cache: page views, page HTML, search indexes, stylesheets (render-caches.ts). */
  renders: 0.15,
  /** Hosted sites of the docs host: their definitions and APIs (hosted-sites.ts). */
  sites: 0.2,
  /** The registry's stored API definitions (compressed bytes and parsed objects). */
  definitions: 0.15,
  /** Loaded sites by URL: the registry's in this process, or a docs host's read over HTTP. */
  'registry-sites': 0.1,
  /** Compressed text answers of the docs host (assets, stylesheets, search JSON). */
  responses: 0.04,
  /** A docs host's project files read from the registry over HTTP (registry-source/http-source.ts). */
  files: 0.02,
  /** Highlighted code shared by every site (the docs site's highlight and line-token caches). */
  highlights: 0.02,
  /** Which site serves an address: the registry's stored URLs per host, a docs host's resolutions over HTTP. */
  addresses: 0.01,
  /** Derived from spec and site text, process-wide: type names, compiled patterns, inline style elements (module-caches.ts). */
  compiled: 0.02,
};
/** Smallest `--memory` (MiB) a server runs with. */
export const MIN_MEMORY_MIB = 64;
/** Largest default when the setting is absent (MiB). */
export const DEFAULT_MEMORY_CAP_MIB = 2048;

/** A `--memory` / `SEXTANT_MEMORY` value that is not a size. */
export class MemoryOptionError extends SextantError<'MemoryOptionError'> {
  constructor(message: string) {
    super('MemoryOptionError', message);
  }
}

/**
 * Mebibytes from `512`, `512M`, `512MiB`, `2G` or `2GiB` (case-insensitive), at least 64.
 * @example parseMemoryMiB('1G') // 1024
 */
export function parseMemoryMiB(text: string): number {
  const match = /^(\d{1,7})\s*(m|mb|mib|g|gb|gib)?$/i.exec(text.trim());
  if (!match)
    throw new MemoryOptionError(`"${text}" is not a memory size: give MiB (512) or a unit (512M, 2G)`);
  const unit = (match[2] ?? 'm').toLowerCase();
  const mib = Number(match[1]) * (unit.startsWith('g') ? 1024 : 1);
  if (mib < MIN_MEMORY_MIB) throw new MemoryOptionError(`"${text}" is below ${MIN_MEMORY_MIB} MiB`);
  if (mib > 16 * 1024 * 1024) throw new MemoryOptionError(`"${text}" is above 16 TiB`);
  return mib;
}

/** The cgroup's memory limit in bytes (v2, then v1), or undefined when there is none. */
function cgroupLimitBytes(): number | undefined {
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    try {
      const text = readFileSync(file, 'utf8').trim();
      const bytes = Number(text);
      // "max", or v1's huge number for no limit.
      if (Number.isFinite(bytes) && bytes > 0 && bytes < 2 ** 60) return bytes;
    } catch {
      // not this cgroup version
    }
  }
  return undefined;
}

/** The memory (MiB) a server without `--memory` plans for. */
export function defaultMemoryMiB(): number {
  const bytes = cgroupLimitBytes() ?? totalmem();
  return Math.max(MIN_MEMORY_MIB, Math.min(DEFAULT_MEMORY_CAP_MIB, Math.floor(bytes / MIB)));
}

/** Bytes each cache may hold. */
export type CacheBudgets = Readonly<Record<CacheName, number>>;

/**
 * @example cacheBudgets(1024).pages // 155692564 (29 % of half of 1 GiB)
 */
export function cacheBudgets(memoryMiB: number = defaultMemoryMiB()): CacheBudgets {
  const total = memoryMiB * MIB * CACHE_SHARE;
  return Object.fromEntries(
    Object.entries(CACHE_SPLIT).map(([name, share]) => [name, Math.floor(total * share)]),
  ) as Record<CacheName, number>;
}
