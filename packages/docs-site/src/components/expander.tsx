/**
 * A type expander ("Show 80 properties"): an island. Opening it loads the page's full view and,
 * in parallel, the view of what it shows (`expansion-body.tsx`, a lazy chunk: the property rows,
 * inline markdown and type labels are not needed before a reader opens one); nested expanders
 * render inside it.
 */
import type { TypeId, TypeReference } from '@sextant/definition';
import { lazy, Suspense, useId, useState } from 'react';
import { useFullPage } from './full-page.js';
import { defineIsland } from './island.js';

const ExpansionBody = lazy(() => import('./expansion-body.js'));

interface ExpanderProps {
  shape: TypeReference;
  /** The types shown around it, this one included (nested details stop at recursion). */
  seen: TypeId[];
  label: string;
  fullPageUrl: string;
}

function Loading({ error }: { error?: string }) {
  return (
    <p className="sx-muted sx-small" role="status">
      {error ? `Could not load the details: ${error}` : 'Loading…'}
    </p>
  );
}

function ExpanderView({ shape, seen, label, fullPageUrl }: ExpanderProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { page, error, load } = useFullPage(fullPageUrl);
  const toggle = () => {
    if (!open) load().catch(() => undefined);
    setOpen(!open);
  };
  const definition = page && 'definition' in page ? page.definition : undefined;
  return (
    <div className="sx-expand">
      <button
        type="button"
        className="sx-expand-toggle"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={toggle}
      >
        {open ? 'Hide' : 'Show'} {label}
      </button>
      {open ? (
        <div id={id} className="sx-expand-body">
          {definition ? (
            <Suspense fallback={<Loading />}>
              <ExpansionBody shape={shape} seen={seen} definition={definition} fullPageUrl={fullPageUrl} />
            </Suspense>
          ) : (
            <Loading error={error} />
          )}
        </div>
      ) : null}
    </div>
  );
}

export const Expander = defineIsland('expander', ExpanderView);
