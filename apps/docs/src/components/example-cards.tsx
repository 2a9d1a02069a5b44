/**
 * An example's code cards (an island): its request and response bodies. Long ones show their
 * first lines with a control that shows the whole (`useWholeOnDemand`); copying always copies it
 * whole.
 */
import { prettyJson } from '../shared/format.js';
import type { ExampleView, PageView } from '../shared/page-data.js';
import { type CodeTab, CodeTabs } from './code-tabs.js';
import { useFullPage } from './full-page.js';
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
  const { load } = useFullPage(fullPageUrl);
  const tab = (part: Part, label: string): CodeTab | undefined => {
    const html = example[part];
    if (!html) return undefined;
    const lines = example[`${part}Lines`];
    const cut: CodeTab =
      lines === undefined
        ? { id: part, label, html }
        : {
            id: part,
            label,
            html,
            code: async () => prettyJson(exampleValues(await load(), example.index)[part]),
          };
    return whole(cut, lines, (full) =>
      'examples' in full ? full.examples[example.index]?.[part] : undefined,
    );
  };
  const tabs = [
    tab('request', example.responseStatus ? 'Request body' : 'Payload'),
    tab('response', `Response ${example.responseStatus}`),
  ].filter((t): t is CodeTab => t !== undefined);
  if (tabs.length === 0) return null;
  return <CodeTabs title={`Example: ${example.name}`} tabs={tabs} />;
}

/** An example's code cards: an island. */
export const ExampleCards = defineIsland('example', ExampleCardsView);
