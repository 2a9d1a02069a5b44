/**
 * The headless response-body viewer: lays a body out as rows (`body-lines.ts`) and searches it,
 * a slice of work per task, so a 10 MB body shows its first screen at once and never holds the
 * main thread for long. The React view asks for the text of the rows it shows (`rowText`).
 */
import { Store } from '../../shared/store.js';
import {
  type BodyLayoutMode,
  looksLikeJson,
  NotJsonError,
  prettyRows,
  RowIndex,
  type RowProducer,
  rawRows,
  rowText,
} from './body-lines.js';

export interface BodySearch {
  query: string;
  /** The rows holding the query (case-insensitive), in order. */
  matches: number[];
  /** Index into `matches` of the match shown. */
  current: number;
  /** The whole body has been searched. */
  complete: boolean;
}

export interface BodyViewState {
  mode: BodyLayoutMode;
  /** Pretty is offered (the body looks like JSON and read as such so far). */
  canPretty: boolean;
  /** Rows laid out so far (a new count after every slice). */
  rowCount: number;
  complete: boolean;
  /** Why the body is shown raw although it looked like JSON. */
  notice?: string;
  search: BodySearch;
}

/** Runs `task` soon, after the browser had a chance to paint and handle input; returns a cancel. */
export type Scheduler = (task: () => void) => () => void;

export interface BodyViewOptions {
  contentType: string;
  /** Milliseconds of work per slice before yielding. */
  sliceMs?: number;
  schedule?: Scheduler;
  now?: () => number;
}

/** While laying out, the view is told of new rows at most this often (each tells React to render). */
const PUBLISH_EVERY_MS = 100;
/**
 * Characters laid out between two clock checks: small enough that the first slice, run by code
 * not yet optimised (several times slower), stays near its time.
 */
const LAYOUT_STEP_CHARS = 4 * 1024;
/** The first slice ends once it has this many rows (a tall screenful): they are shown at once. */
export const FIRST_SCREEN_ROWS = 120;
/** Characters searched between two clock checks. */
const SEARCH_STEP_CHARS = 128 * 1024;

/** A scheduler on MessageChannel (no 4 ms clamp, unlike nested setTimeout), else setTimeout. */
export const yieldingScheduler: Scheduler = (task) => {
  if (typeof MessageChannel === 'undefined') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const channel = new MessageChannel();
  let cancelled = false;
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) task();
  };
  channel.port2.postMessage(undefined);
  return () => {
    cancelled = true;
    channel.port1.close();
  };
};

const NO_SEARCH: BodySearch = { query: '', matches: [], current: 0, complete: true };

/**
 * @example
 * const view = new BodyView('{"a":1}', { contentType: 'application/json' });
 * view.start(); // later: view.row(1) === '  "a": 1'
 */
export class BodyView extends Store<BodyViewState> {
  readonly #text: string;
  readonly #sliceMs: number;
  readonly #schedule: Scheduler;
  readonly #now: () => number;
  #rows = new RowIndex();
  #producer: RowProducer;
  #needle = '';
  /** Text offset the search has reached. */
  #searched = 0;
  #cancel: (() => void) | undefined;
  #published = Number.NEGATIVE_INFINITY;
  /** The whole text is laid out (published to the state with the next slice that reports). */
  #laidOut = false;

  constructor(text: string, options: BodyViewOptions) {
    const canPretty = looksLikeJson(text, options.contentType);
    super({ mode: canPretty ? 'pretty' : 'raw', canPretty, rowCount: 0, complete: false, search: NO_SEARCH });
    this.#text = text;
    this.#sliceMs = options.sliceMs ?? 8;
    this.#schedule = options.schedule ?? yieldingScheduler;
    this.#now = options.now ?? (() => performance.now());
    this.#producer = canPretty ? prettyRows(text) : rawRows(text);
  }

  /** The text of row `index` (only rows below `rowCount` exist). */
  row(index: number): string {
    return rowText(this.#text, this.#rows, index);
  }

  /** The query a search highlights (lower case), '' when none. */
  get needle(): string {
    return this.#needle;
  }

  /** Lays out the first slice now (the first screen) and the rest in later tasks. */
  start(): void {
    if (!this.#cancel) this.#work();
  }

  /** Stops any pending work (the view unmounted). */
  dispose(): void {
    this.#cancel?.();
    this.#cancel = undefined;
  }

  setMode(mode: BodyLayoutMode): void {
    const state = this.getState();
    if (mode === state.mode || (mode === 'pretty' && !state.canPretty)) return;
    this.dispose();
    this.#rows = new RowIndex();
    this.#producer = mode === 'pretty' ? prettyRows(this.#text) : rawRows(this.#text);
    this.#searched = 0;
    this.#laidOut = false;
    this.#published = Number.NEGATIVE_INFINITY;
    this.setState({
      ...state,
      mode,
      rowCount: 0,
      complete: false,
      search: this.#newSearch(state.search.query),
    });
    this.#work();
  }

  /** Searches the body for `query` (case-insensitive) once it is laid out; '' clears the search. */
  search(query: string): void {
    this.dispose();
    this.#needle = query.toLowerCase();
    this.#searched = 0;
    this.#published = Number.NEGATIVE_INFINITY;
    this.setState((state) => ({ ...state, search: this.#newSearch(query) }));
    this.#work();
  }

  /** Moves to the next (or, with -1, the previous) match, wrapping. */
  step(direction: 1 | -1): void {
    const { search } = this.getState();
    if (search.matches.length === 0) return;
    const current = (search.current + direction + search.matches.length) % search.matches.length;
    this.setState((state) => ({ ...state, search: { ...search, current } }));
  }

  #newSearch(query: string): BodySearch {
    return query === '' ? NO_SEARCH : { query, matches: [], current: 0, complete: false };
  }

  #searchDone(): boolean {
    return this.#needle === '' || this.#searched >= this.#text.length;
  }

  /** Rows holding the needle in the next stretch of text (a chunk lower-cased at a time). */
  #searchStep(found: number[]): void {
    const from = this.#searched;
    const to = Math.min(this.#text.length, from + SEARCH_STEP_CHARS);
    const chunk = this.#text
      .slice(from, Math.min(this.#text.length, to + this.#needle.length - 1))
      .toLowerCase();
    let last = found.length > 0 ? found[found.length - 1] : -1;
    for (
      let at = chunk.indexOf(this.#needle);
      at !== -1 && from + at < to;
      at = chunk.indexOf(this.#needle, at + 1)
    ) {
      const row = this.#rows.rowAt(from + at);
      if (row !== last) found.push(row);
      last = row;
    }
    this.#searched = to;
  }

  /** One slice: lay out, then search (once laid out), until the slice's time is up. */
  #work = (): void => {
    this.#cancel = undefined;
    const started = this.#now();
    const before = this.getState();
    let { mode, canPretty } = before;
    let complete = this.#laidOut;
    let notice: string | undefined;
    const previous = before.search.matches;
    const found: number[] = [];
    const firstScreen = before.rowCount === 0;
    while (this.#now() - started < this.#sliceMs) {
      if (firstScreen && this.#rows.count >= FIRST_SCREEN_ROWS) break;
      if (!complete) {
        try {
          complete = this.#producer.step(this.#rows, LAYOUT_STEP_CHARS);
          this.#laidOut = complete;
        } catch (error) {
          if (!(error instanceof NotJsonError)) throw error;
          notice = error.message;
          mode = 'raw';
          canPretty = false;
          this.#rows = new RowIndex();
          this.#producer = rawRows(this.#text);
          this.#laidOut = false;
        }
        continue;
      }
      if (this.#searchDone()) break;
      this.#searchStep(found);
    }
    const rowCount = this.#rows.count;
    const more = !complete || !this.#searchDone();
    const now = this.#now();
    // Rows beyond the first screen change nothing visible but the scrollbar: tell React now and then.
    if (
      more &&
      found.length === 0 &&
      !notice &&
      before.rowCount > 0 &&
      now - this.#published < PUBLISH_EVERY_MS
    ) {
      this.#cancel = this.#schedule(this.#work);
      return;
    }
    this.#published = now;
    this.setState((state) => {
      const matches =
        found.length === 0
          ? previous
          : previous.length > 0 && previous[previous.length - 1] === found[0]
            ? [...previous, ...found.slice(1)]
            : [...previous, ...found];
      const search =
        state.search.query === ''
          ? state.search
          : { ...state.search, matches, complete: complete && this.#searchDone() };
      return { ...state, mode, canPretty, ...(notice ? { notice } : {}), rowCount, complete, search };
    });
    if (more) this.#cancel = this.#schedule(this.#work);
  };
}
