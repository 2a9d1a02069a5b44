/**
 * The reference page's Response card (an island): one tab per response status (and content type),
 * each the spec's example or a schema-valid one. Copy copies the whole body; a long one shows
 * its first lines and offers the whole.
 */
import type { SnippetTab } from '../shared/page-data.js';
import { CodeTabs } from './code-tabs.js';
import { defineIsland } from './island.js';
import { useWholeOnDemand } from './whole-on-demand.js';

interface ResponseTabsProps {
  tabs: SnippetTab[];
  fullPageUrl: string;
}

function ResponseTabsView({ tabs, fullPageUrl }: ResponseTabsProps) {
  const whole = useWholeOnDemand(fullPageUrl);
  const shown = tabs.map(({ lines, ...tab }, i) =>
    whole(tab, lines, (full) => (full.kind === 'endpoint' ? full.responseExamples[i] : undefined)),
  );
  return <CodeTabs title="Response" tabs={shown} />;
}

/** The Response card: an island. */
export const ResponseTabs = defineIsland('response-tabs', ResponseTabsView);
