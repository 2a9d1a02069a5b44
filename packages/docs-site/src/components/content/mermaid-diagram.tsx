/**
 * A ```` ```mermaid ```` block: its source (server HTML, escaped) shows until the diagram is
 * drawn, and stays when drawing fails. Mermaid is large, so it is a lazy chunk of its own
 * (`client/mermaid-render.ts`) that loads only on a page with a diagram, once the diagram
 * nears the viewport; it draws again when the reader switches the theme.
 */
import { useEffect, useRef, useState } from 'react';
import type { SafeHtml } from '../../shared/page-data.js';
import { htmlProps } from '../../shared/safe-html.js';
import { defineIsland } from '../island.js';

function MermaidView({ source }: { source: SafeHtml }) {
  const figure = useRef<HTMLElement>(null);
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'source' | 'drawn' | 'failed'>('source');
  useEffect(() => {
    const element = figure.current;
    const into = target.current;
    if (!element || !into) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const text = element.querySelector('pre')?.textContent ?? '';
        void import('../../client/mermaid-render.js')
          .then(({ drawMermaid }) => {
            if (cancelled) return;
            stop = drawMermaid(text, into, (ok) => setState(ok ? 'drawn' : 'failed'));
          })
          .catch(() => setState('failed'));
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      stop?.();
    };
  }, []);
  return (
    <figure ref={figure} className="sx-mermaid" data-state={state}>
      <div ref={target} className="sx-mermaid-svg" />
      <pre className="sx-code sx-mermaid-source" {...htmlProps(source)} />
    </figure>
  );
}

export const MermaidDiagram = defineIsland('mermaid', MermaidView);
