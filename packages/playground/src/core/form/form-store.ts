/**
 * Headless store of one endpoint's form: every operation the form view dispatches (set a
 * parameter, set the body or a value inside it, pick or remove files, Use example, Clear form,
 * Reset a section with or without its example, restore a state from a deep link or history).
 * The rules are `@sextant/request`'s pure form operations; this store holds the current state,
 * tells subscribers, and keeps the state's inline validation (computed once per state).
 */
import { type Endpoint, type ExampleProblem, exampleProblemNote } from '@sextant/definition';
import {
  editValueIn,
  emptyFormState,
  type FormSection,
  initialFormState,
  removeFormFile,
  resetSection,
  type StatePath,
  setBodyFile,
  setFormFiles,
  setValueAtPath,
} from '@sextant/request';
import { parseJsonText } from '../request/send-gate.js';
import { Store } from '../shared/store.js';
import type { FormDataFieldValue, ParameterSection, PlaygroundFormState } from './form-state.js';
import { type FormValidation, validateEndpointForm } from './form-validation.js';
import type { TypeMap } from './type-shapes.js';
import type { ValueEditor } from './value-editing.js';
import { ValueStore } from './value-store.js';

/**
 * The JSON editor's text when it does not parse (`jsonError`, which blocks Send), and a revision
 * that moves whenever the body changed from outside the editor (Clear form, Use example, a
 * history entry): the editor then shows the new value instead of its stale text.
 */
export interface BodyTextState {
  jsonError: string | undefined;
  revision: number;
}

/** The parts of an example the form sends (a response body's problems are not the reader's). */
const REQUEST_PARTS: ReadonlySet<ExampleProblem['part']> = new Set([
  'pathParameters',
  'queryParameters',
  'headers',
  'cookies',
  'requestBody',
]);

/**
 * @example
 * const form = new FormStore(endpoint, definition.types);
 * form.setParameter('queryParameters', 'limit', 20);
 */
export class FormStore extends Store<PlaygroundFormState> {
  readonly #endpoint: Endpoint;
  readonly #types: TypeMap;
  #validated: { state: PlaygroundFormState; validation: FormValidation } | undefined;
  #fromText = false;
  /** The spec example the form was filled from (opened with, Use example) until Clear form or a restore. */
  #heldExample: number | undefined;
  /** The JSON editor's side of the body (see `BodyTextState`). */
  readonly bodyText = new ValueStore<BodyTextState>({ jsonError: undefined, revision: 0 });

  /** Starts from the example (the playground opens with example values) unless `initial` is given. */
  constructor(endpoint: Endpoint, types: TypeMap, initial?: PlaygroundFormState) {
    super(initial ?? initialFormState(endpoint, { types }));
    this.#endpoint = endpoint;
    this.#types = types;
    this.#heldExample = initial ? undefined : 0;
  }

  /**
   * What is wrong with the spec example the form was filled from, in the reference page's words
   * (`exampleProblemNote`), for the parts a request sends; undefined for a valid or no example.
   */
  exampleNote(): string | undefined {
    if (this.#heldExample === undefined) return undefined;
    const example = this.#endpoint.examples[this.#heldExample] ?? this.#endpoint.examples[0];
    if (!example || example.synthesized) return undefined;
    return exampleProblemNote(example.problems?.filter((problem) => REQUEST_PARTS.has(problem.part)));
  }

  /** Every change not typed in the JSON editor drops its invalid text: the form is what is shown. */
  protected override setState(
    next: PlaygroundFormState | ((s: PlaygroundFormState) => PlaygroundFormState),
  ): void {
    const before = this.getState();
    super.setState(next);
    if (this.#fromText || this.getState() === before) return;
    const { revision } = this.bodyText.getState();
    this.bodyText.set({ jsonError: undefined, revision: revision + 1 });
  }

  /**
   * Text typed in the JSON editor: when it parses it becomes the body, else the body keeps its
   * last value and `bodyText.jsonError` says why (Send is disabled until it parses).
   * @example form.setBodyText('{"name": "Rex"'); form.bodyText.getState().jsonError // "Expected ',' or '}' …"
   */
  setBodyText(text: string): void {
    const parsed = parseJsonText(text);
    if (!parsed.ok) {
      this.bodyText.set({ jsonError: parsed.error });
      return;
    }
    this.#fromText = true;
    try {
      this.setState((s) => ({ ...s, body: { type: 'json', value: parsed.value } }));
    } finally {
      this.#fromText = false;
    }
    this.bodyText.set({ jsonError: undefined });
  }

  /** The reader left the JSON editor: its unparsed text is dropped, the form shows the body. */
  closeBodyText(): void {
    if (this.bodyText.getState().jsonError !== undefined) this.bodyText.set({ jsonError: undefined });
  }

  get endpoint(): Endpoint {
    return this.#endpoint;
  }

  /** The problems of the current state, by form path (inline validation; Send stays possible). */
  validation(): FormValidation {
    const state = this.getState();
    if (this.#validated?.state !== state)
      this.#validated = { state, validation: validateEndpointForm(this.#endpoint, state, this.#types) };
    return this.#validated.validation;
  }

  /**
   * Edits at absolute form paths (`['body', 'value', 'owner', 'name']`), as value inputs send
   * them: `set` keeps an emptied list item as null, `remove` drops a key or list item.
   */
  readonly editor: ValueEditor = {
    set: (path, value) => this.setState((s) => editValueIn(s, path, value) as PlaygroundFormState),
    remove: (path) => this.setState((s) => setValueAtPath(s, path, undefined)),
  };

  /** Sets a path, query or header value; `undefined` removes it. */
  setParameter(section: ParameterSection, key: string, value: unknown): void {
    this.setState((s) => setValueAtPath(s, [section, key], value));
  }

  /** Sets a value inside the JSON body (the whole body for an empty path). */
  setBodyValue(path: StatePath, value: unknown): void {
    this.setState((s) =>
      path.length === 0
        ? { ...s, body: { type: 'json', value } }
        : setValueAtPath(s, ['body', 'value', ...path], value),
    );
  }

  /** Sets one multipart field; `undefined` removes it. */
  setFormDataField(key: string, value: FormDataFieldValue | undefined): void {
    this.setState((s) => {
      const current = s.body?.type === 'form-data' ? { ...s.body.value } : {};
      if (value === undefined) delete current[key];
      else current[key] = value;
      return { ...s, body: { type: 'form-data', value: current } };
    });
  }

  /** Files picked for a file field (non-files dropped; multi appends; single keeps the first). */
  pickFiles(key: string, picked: unknown[]): void {
    this.setState((s) => setFormFiles(s, key, picked));
  }

  /** Removes one file of a multi-file field, or clears a single-file field. */
  removeFile(key: string, index: number): void {
    this.setState((s) => removeFormFile(s, key, index));
  }

  /** The octet-stream body's file (first file kept; non-files dropped). */
  setOctetStream(picked: unknown[]): void {
    this.setState((s) => setBodyFile(s, picked));
  }

  /** Use example: fill the whole form with the values of the picked example (the first by default). */
  applyExample(exampleIndex = 0): void {
    this.#heldExample = exampleIndex;
    this.setState(initialFormState(this.#endpoint, { types: this.#types, exampleIndex }));
  }

  /** Clear form: required values blank, optional values gone. */
  clear(): void {
    this.#heldExample = undefined;
    this.setState(emptyFormState(this.#endpoint, this.#types));
  }

  /** Reset with example / Reset without example, for one section. */
  resetSection(section: FormSection, withExample: boolean): void {
    this.setState((s) => resetSection(s, this.#endpoint, section, { withExample, types: this.#types }));
  }

  /** Replaces the state (deep link, history entry). */
  replace(state: PlaygroundFormState): void {
    this.#heldExample = undefined;
    this.setState(state);
  }
}
