/**
 * The JSON body editor: CodeMirror 6, loaded on demand (its own chunk) when the reader switches
 * a body to JSON editing. The editor reports its text to the form store (`setBodyText`), which
 * keeps the value only when the text parses; the store's parse error is shown under the editor
 * (and disables Send). The caller remounts it (a `key`) when the body changed from outside.
 */
import { useEffect, useRef } from 'react';

export interface JsonEditorProps {
  value: unknown;
  /** Every edit's whole text. */
  onText: (text: string) => void;
  /** Why the text does not parse, from the store. */
  error: string | undefined;
  label: string;
}

/**
 * The page's CSP nonce, if it has one: the docs page puts it on its entry script (browsers hide
 * the attribute's value from the DOM once parsed, but keep it in the `nonce` property).
 */
function pageNonce(): string | undefined {
  for (const script of document.querySelectorAll('script[nonce]'))
    if (script instanceof HTMLScriptElement && script.nonce) return script.nonce;
  return undefined;
}

/** Mounts a CodeMirror JSON editor seeded with `value`. */
export function JsonEditor({ value, onText, error, label }: JsonEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const latest = useRef(onText);
  latest.current = onText;
  const initial = useRef(JSON.stringify(value ?? null, null, 2));

  useEffect(() => {
    let destroyed = false;
    let destroy: (() => void) | undefined;
    void Promise.all([import('codemirror'), import('@codemirror/lang-json')]).then(([cm, lang]) => {
      if (destroyed || !host.current) return;
      // CodeMirror styles itself with <style> elements: under the page's CSP they need its nonce.
      const nonce = pageNonce();
      const view = new cm.EditorView({
        doc: initial.current,
        parent: host.current,
        extensions: [
          cm.basicSetup,
          lang.json(),
          nonce ? cm.EditorView.cspNonce.of(nonce) : [],
          cm.EditorView.contentAttributes.of({ 'aria-label': label }),
          cm.EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current(update.state.doc.toString());
          }),
        ],
      });
      destroy = () => view.destroy();
    });
    return () => {
      destroyed = true;
      destroy?.();
    };
  }, [label]);

  return (
    <div className="sx-pg-json-editor">
      <div ref={host} className="sx-pg-json-host" data-testid="json-editor" />
      {error && (
        <p className="sx-pg-error-text" role="status" data-testid="json-error">
          Invalid JSON: {error}
        </p>
      )}
    </div>
  );
}
