/**
 * The Ask AI conversation as a framework-free store (the panel renders it through
 * `useSyncExternalStore`): the site's status (configured or not, with the server's message),
 * the turns (question, streamed answer, sources, feedback), sending a question with the whole
 * conversation so follow-ups keep their context, stopping, and rating an answer. The turns are
 * kept in `storage` (the tab's session storage in the browser, `chat-memory.ts`), so the
 * conversation survives navigation within the site.
 */
import { UnexpectedStatusError } from '@sextant/definition/errors';
import { Store } from '@sextant/ui/store';
import { type ChatStorage, readChatMemory, writeChatMemory } from './chat-memory.js';
import { type ChatMessage, type ChatSource, chatUrls, errorMessage, streamChat } from './chat-stream.js';

export const MAX_QUESTION_CHARS = 2000;

/** The server's code for a site whose AI provider has no key (its message says so). */
export const NOT_CONFIGURED = 'AiNotConfiguredError';

export interface ChatTurn {
  id: number;
  question: string;
  answer: string;
  sources: ChatSource[];
  state: 'streaming' | 'done' | 'error' | 'stopped';
  error?: string;
  questionId?: string;
  rating?: 'up' | 'down';
}

export interface ChatState {
  /** `unavailable`: the server said Ask AI is not configured (or cannot be reached); `notice` says why. */
  availability: 'checking' | 'ready' | 'unavailable';
  notice?: string;
  turns: ChatTurn[];
  busy: boolean;
}

type Fetch = typeof fetch;

export class ChatStore extends Store<ChatState> {
  private controller: AbortController | undefined;
  private nextId = 1;
  private readonly urls: ReturnType<typeof chatUrls>;

  constructor(
    private readonly basePath: string,
    private readonly fetchImpl: Fetch = (...args) => fetch(...args),
    private readonly storage?: ChatStorage,
  ) {
    const turns = readChatMemory(storage, basePath);
    super({ availability: 'checking', turns, busy: false });
    this.urls = chatUrls(basePath);
    this.nextId = turns.length + 1;
  }

  /**
   * Writes the turns to storage: when a question is asked, when its answer is done (before its
   * stream closes), when a turn is rated or the chat cleared, and when the page is left
   * (the panel calls it on `pagehide`), so a reader who follows a cited link mid-answer keeps the
   * question and what came; a streaming turn reads back as stopped.
   */
  keep(): void {
    writeChatMemory(this.storage, this.basePath, this.state.turns);
  }

  private get state(): ChatState {
    return this.getState();
  }

  private set(patch: Partial<ChatState>): void {
    this.setState((state) => ({ ...state, ...patch }));
  }

  private updateTurn(id: number, patch: (turn: ChatTurn) => Partial<ChatTurn>): void {
    this.set({ turns: this.state.turns.map((t) => (t.id === id ? { ...t, ...patch(t) } : t)) });
  }

  /** Asks the server whether Ask AI is configured; a 'not configured' answer carries its message. */
  async checkStatus(): Promise<void> {
    try {
      const response = await this.fetchImpl(this.urls.status, { headers: { accept: 'application/json' } });
      if (!response.ok) {
        this.set({ availability: 'unavailable', notice: (await errorMessage(response)).message });
        return;
      }
      const body = (await response.json()) as { enabled?: unknown; configured?: unknown; message?: unknown };
      if (body.enabled === true && body.configured === true) this.set({ availability: 'ready' });
      else
        this.set({
          availability: 'unavailable',
          notice:
            typeof body.message === 'string'
              ? body.message
              : 'Ask AI is not configured on this server: its owner sets the AI provider key (ANTHROPIC_API_KEY or CO_API_KEY).',
        });
    } catch {
      this.set({
        availability: 'unavailable',
        notice: 'Ask AI could not be reached: check your connection and reopen the panel.',
      });
    }
  }

  /** The conversation so far as the provider sees it (finished turns only). */
  private history(): ChatMessage[] {
    return this.state.turns.flatMap((turn) =>
      turn.state === 'done' && turn.answer
        ? [
            { role: 'user' as const, content: turn.question },
            { role: 'assistant' as const, content: turn.answer },
          ]
        : [],
    );
  }

  /** Sends `question` with the conversation; `page` is the slug the reader asks about. */
  async send(question: string, page?: string): Promise<void> {
    const text = question.trim().slice(0, MAX_QUESTION_CHARS);
    if (!text || this.state.busy || this.state.availability === 'unavailable') return;
    const messages = [...this.history(), { role: 'user' as const, content: text }];
    const id = this.nextId++;
    const turn: ChatTurn = { id, question: text, answer: '', sources: [], state: 'streaming' };
    this.controller = new AbortController();
    this.set({ turns: [...this.state.turns, turn], busy: true });
    this.keep();
    await streamChat(
      this.urls.chat,
      page === undefined ? { messages } : { messages, page },
      (event) => {
        if (event.type === 'sources') this.updateTurn(id, () => ({ sources: event.sources }));
        else if (event.type === 'delta') this.updateTurn(id, (t) => ({ answer: t.answer + event.text }));
        else if (event.type === 'done') {
          this.updateTurn(id, () => ({
            state: 'done',
            ...(event.questionId ? { questionId: event.questionId } : {}),
          }));
          this.keep();
        } else {
          this.updateTurn(id, () => ({ state: 'error', error: event.message }));
          if (event.code === NOT_CONFIGURED) this.set({ availability: 'unavailable', notice: event.message });
          this.keep();
        }
      },
      this.controller.signal,
      this.fetchImpl,
    );
    this.updateTurn(id, (t) =>
      t.state === 'streaming' ? { state: this.controller?.signal.aborted ? 'stopped' : 'done' } : {},
    );
    this.controller = undefined;
    this.set({ busy: false });
    this.keep();
  }

  /** Stops the answer being streamed. */
  stop(): void {
    this.controller?.abort();
  }

  /** Thumbs up or down on an answer (once the server gave it a question id). */
  async rate(turnId: number, rating: 'up' | 'down'): Promise<void> {
    const turn = this.state.turns.find((t) => t.id === turnId);
    if (!turn?.questionId) return;
    const previous = turn.rating;
    this.updateTurn(turnId, () => ({ rating }));
    try {
      const response = await this.fetchImpl(this.urls.feedback, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ questionId: turn.questionId, rating }),
      });
      if (!response.ok) throw new UnexpectedStatusError('answer feedback', response.status);
    } catch {
      this.updateTurn(turnId, () => (previous ? { rating: previous } : { rating: undefined }));
    }
    this.keep();
  }

  /** Forgets the conversation. */
  clear(): void {
    this.stop();
    this.set({ turns: [] });
    this.keep();
  }
}
