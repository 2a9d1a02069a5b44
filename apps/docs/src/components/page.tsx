/** The hydrated content of a docs page: picks the view for the page kind, inside the explorer host. */
import type { PageData } from '../shared/page-data.js';
import { ChannelPage } from './channel-page.js';
import { EndpointPage } from './endpoint-page.js';
import { ExplorerHost } from './explorer.js';
import { FullPageProvider } from './full-page.js';
import { MarkdownPage, OverviewPage } from './markdown-page.js';
import { TypePage } from './type-page.js';
import { WebhookPage } from './webhook-page.js';

export function Page({ data }: { data: PageData }) {
  const { page } = data;
  return (
    <FullPageProvider site={data.site} slug={page.slug}>
      <ExplorerHost page={page} site={data.site}>
        {page.kind === 'endpoint' ? (
          <EndpointPage page={page} />
        ) : page.kind === 'channel' ? (
          <ChannelPage page={page} />
        ) : page.kind === 'webhook' ? (
          <WebhookPage page={page} />
        ) : page.kind === 'type' ? (
          <TypePage page={page} />
        ) : page.kind === 'overview' ? (
          <OverviewPage page={page} />
        ) : (
          <MarkdownPage page={page} />
        )}
      </ExplorerHost>
    </FullPageProvider>
  );
}
