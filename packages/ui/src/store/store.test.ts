import { describe, expect, it } from 'vitest';
import { Store } from './store.js';

class Counter extends Store<{ count: number }> {
  started = 0;
  stopped = 0;
  increment() {
    this.setState((state) => ({ count: state.count + 1 }));
  }
  keep() {
    this.setState((state) => state);
  }
  protected override onFirstSubscriber() {
    this.started += 1;
  }
  protected override onLastUnsubscribe() {
    this.stopped += 1;
  }
}

describe('Store', () => {
  it('tells every listener after a change, never after a no-op', () => {
    const counter = new Counter({ count: 0 });
    const seen: number[] = [];
    counter.subscribe(() => seen.push(counter.getState().count));
    counter.increment();
    counter.keep();
    counter.increment();
    expect(seen).toEqual([1, 2]);
  });

  it('starts work with the first listener and stops it with the last, once each', () => {
    const counter = new Counter({ count: 0 });
    const stopA = counter.subscribe(() => undefined);
    const stopB = counter.subscribe(() => undefined);
    expect([counter.started, counter.listenerCount]).toEqual([1, 2]);
    stopA();
    stopA();
    expect([counter.stopped, counter.listenerCount]).toEqual([0, 1]);
    stopB();
    expect([counter.stopped, counter.listenerCount]).toEqual([1, 0]);
  });

  it('lets a listener unsubscribe another during a change without skipping the rest', () => {
    const counter = new Counter({ count: 0 });
    const calls: string[] = [];
    let stopB = () => undefined as void;
    counter.subscribe(() => {
      calls.push('a');
      stopB();
    });
    stopB = counter.subscribe(() => calls.push('b'));
    counter.subscribe(() => calls.push('c'));
    counter.increment();
    counter.increment();
    expect(calls).toEqual(['a', 'b', 'c', 'a', 'c']);
  });
});
