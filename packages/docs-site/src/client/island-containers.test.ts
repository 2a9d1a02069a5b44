import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { islandContainers } from './island-containers.js';

const known = (name: string) => ['expander', 'try-it'].includes(name);
const attr = (value: unknown) => JSON.stringify(value).replace(/"/g, '&quot;');

function body(html: string): ParentNode {
  const { document } = new Window();
  document.body.innerHTML = html;
  return document.body as unknown as ParentNode;
}

describe('islandContainers', () => {
  it('reads each container with its name, props and id prefix, in document order', () => {
    const found = islandContainers(
      body(
        `<div class="sx-island" data-sx-island="try-it" data-sx-id="sx1-" data-sx-props="${attr({ id: 'getPet' })}"><button>Try it</button></div>` +
          `<ul><li><div class="sx-island" data-sx-island="expander" data-sx-id="sx2-" data-sx-props="${attr({ label: '3 properties' })}"></div></li></ul>`,
      ),
      known,
    );
    expect(found.map(({ name, props, idPrefix }) => ({ name, props, idPrefix }))).toEqual([
      { name: 'try-it', props: { id: 'getPet' }, idPrefix: 'sx1-' },
      { name: 'expander', props: { label: '3 properties' }, idPrefix: 'sx2-' },
    ]);
  });

  it('ignores containers inside server-made HTML, nested ones, unknown names and props that are not an object', () => {
    const found = islandContainers(
      body(
        `<div class="sx-prose" data-h="h1"><div data-sx-island="try-it" data-sx-props="${attr({ id: 'evil' })}"></div></div>` +
          `<div data-sx-island="expander" data-sx-props="${attr({ label: 'outer' })}">` +
          `<div data-sx-island="expander" data-sx-props="${attr({ label: 'inner' })}"></div></div>` +
          `<div data-sx-island="script" data-sx-props="${attr({})}"></div>` +
          `<div data-sx-island="try-it" data-sx-props="${attr([1])}"></div>` +
          `<div data-sx-island="try-it" data-sx-props="{not json"></div>` +
          `<div data-sx-island="try-it"></div>` +
          `<span data-sx-island="try-it" data-sx-props="${attr({ id: 'span' })}"></span>`,
      ),
      known,
    );
    expect(found.map((f) => f.props)).toEqual([{ label: 'outer' }]);
  });
});
