import { Window } from 'happy-dom';
import { useId } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { islandRenderer } from '../server/island-renderer.js';
import { htmlProps, safeHtml } from '../shared/safe-html.js';
import { defineIsland, IslandRendererProvider } from './island.js';

function Labelled({ label, html }: { label: string; html?: { __html: string; id: string } }) {
  const id = useId();
  return (
    <p id={id}>
      {label}
      {html ? <span {...htmlProps(html)} /> : null}
      {label === 'outer' ? <Inner label="inner" /> : null}
    </p>
  );
}
const Inner = defineIsland('inner', Labelled);
const Outer = defineIsland('outer', Labelled);

function containers(html: string) {
  const { document } = new Window();
  document.body.innerHTML = html;
  return [...document.querySelectorAll('[data-sx-island]')].map((element) => ({
    name: element.getAttribute('data-sx-island'),
    id: element.getAttribute('data-sx-id'),
    props: JSON.parse(element.getAttribute('data-sx-props') ?? 'null'),
    inner: element.innerHTML,
  }));
}

describe('islands on the server', () => {
  it('renders each island as a root of its own, with its name, props (server HTML emptied) and a unique id prefix', () => {
    const html = renderToStaticMarkup(
      <IslandRendererProvider value={islandRenderer()}>
        <Outer label="outer" html={safeHtml('<b>bold</b>')} />
        <Inner label="second" />
      </IslandRendererProvider>,
    );
    const found = containers(html);
    // The island inside the outer one is part of it, not a container of its own.
    expect(found.map((f) => [f.name, f.id])).toEqual([
      ['outer', 'sx1-'],
      ['inner', 'sx2-'],
    ]);
    expect(found[0]?.props).toEqual({ label: 'outer', html: { __html: '', id: expect.any(String) } });
    expect(found[0]?.inner).toContain('<b>bold</b>');
    expect(found[0]?.inner).toContain('inner');
    // useId is prefixed per island, so two islands never share an id.
    const ids = found.map((f) => /id="([^"]+)"/.exec(f.inner)?.[1]);
    expect(ids[0]).toMatch(/sx1-/);
    expect(ids[1]).toMatch(/sx2-/);
  });

  it('renders the plain component without a renderer (in the browser)', () => {
    expect(renderToStaticMarkup(<Inner label="plain" />)).toMatch(/^<p id="[^"]+">plain<\/p>$/);
  });
});
