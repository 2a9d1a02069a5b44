/**
 * Re-renders every 100 ms while the request is in flight, so the elapsed counter the core
 * computes (`RequestLifecycle.elapsed`) counts up; idle otherwise.
 */
import { useEffect, useState } from 'react';
import { isInFlight, type RequestLifecycle } from '../core/request/request-lifecycle.js';
import { useStore } from './use-store.js';

/** Milliseconds since the request in flight was sent, or undefined when none is. */
export function useElapsed(request: RequestLifecycle): number | undefined {
  const state = useStore(request);
  const inFlight = isInFlight(state);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(() => setTick((n) => n + 1), 100);
    return () => clearInterval(timer);
  }, [inFlight]);
  return request.elapsed();
}
