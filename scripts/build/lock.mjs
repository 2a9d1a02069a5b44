/**
 * One build at a time in a working tree: test runs, `npm start` and the repository's bin may all
 * find the build stale at once. The lock file holds the builder's pid; a lock whose process is
 * gone is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DIST, LOCK } from './paths.mjs';

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function tryLock() {
  try {
    const fd = openSync(LOCK, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const pid = Number(readFileSync(LOCK, 'utf8').trim() || 0);
    if (pid && pid !== process.pid && alive(pid)) return false;
    rmSync(LOCK, { force: true });
    return tryLock();
  }
}

/** Runs `fn` holding the build lock (waiting up to 10 minutes for another builder). */
export async function withBuildLock(fn) {
  mkdirSync(DIST, { recursive: true });
  const deadline = Date.now() + 600_000;
  while (!tryLock()) {
    if (Date.now() > deadline)
      throw new Error(`another build holds ${LOCK} for 10 minutes; remove it if no build runs`);
    await sleep(200);
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK, { force: true });
  }
}
