/**
 * An example's code cards (an island): its request and response bodies. Long ones show their
 * first lines with a control that shows the whole (`useWholeOnDemand`); copying always copies it
 * whole.
 */
import { useId, useState } from 'react';
import { prettyJson } from '../shared/format.js';
import type { ExampleView, PageView } from '../shared/page-data.js';
import { type CodeTab, CodeTabs } from './code-tabs.js';
import { ExampleNote } from './example-note.js';
import { defineIsland } from './island.js';
import { useWholeOnDemand } from './whole-on-demand.js';

type Part = 'request' | 'response';

/** The values of example `index` in the full view (the embedded page leaves them out). */
function exampleValues(full: PageView, index: number): { request?: unknown; response?: unknown } {
  if (full.kind === 'endpoint') {
    const value = full.definition.endpoints[full.endpointId]?.examples[index];
    return { request: value?.requestBody, response: value?.responseBody };
  }
  if (full.kind === 'webhook')
    return { request: full.definition.webhooks[full.webhookId]?.examples[index]?.payload };
  return {};
}

interface ExampleCardsProps {
  example: ExampleView;
  fullPageUrl: string;
}

function ExampleCardsView({ example, fullPageUrl }: ExampleCardsProps) {
  const whole = useWholeOnDemand(fullPageUrl);
  const tab = (part: Part, label: string): CodeTab | undefined => {
    const html = example[part];
    if (!html) return undefined;
    return whole({ id: part, label, html }, example[`${part}Lines`], (full) => ({
      html: 'examples' in full ? full.examples[example.index]?.[part] : undefined,
      code: prettyJson(exampleValues(full, example.index)[part]),
    }));
  };
  const tabs = [
    tab('request', example.responseStatus ? 'Request body' : 'Payload'),
    tab('response', `Response ${example.responseStatus}`),
  ].filter((t): t is CodeTab => t !== undefined);
  if (tabs.length === 0) return null;
  const cards = <CodeTabs title={`Example: ${example.name}`} tabs={tabs} />;
  if (!example.note) return cards;
  return (
    <>
      <ExampleNote note={example.note} />
      {cards}
    </>
  );
}

interface ExamplesProps {
  examples: ExampleView[];
  fullPageUrl: string;
}

/**
 * The spec's named examples: a picker when there are several, and the picked one's cards. Every
 * example's cards are in the document (the others hidden), so their server HTML travels once.
 */
function ExamplesView({ examples, fullPageUrl }: ExamplesProps) {
  const id = useId();
  const [picked, setPicked] = useState(0);
  if (examples.length === 0) return null;
  return (
    <div className="sx-examples">
      {examples.length > 1 ? (
        <div className="sx-example-picker">
          <label htmlFor={`${id}-picker`}>Example</label>
          <select
            id={`${id}-picker`}
            className="sx-select"
            value={picked}
            onChange={(event) => setPicked(Number(event.target.value))}
          >
            {examples.map((example, i) => (
              <option key={example.index} value={i}>
                {example.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {examples.map((example, i) => (
        <div key={example.index} hidden={i !== picked}>
          <ExampleCardsView example={example} fullPageUrl={fullPageUrl} />
        </div>
      ))}
    </div>
  );
}

/** The named examples of an endpoint or webhook, with a picker: an island. */
export const Examples = defineIsland('examples', ExamplesView);
