/** The content of a docs page, rendered on the server: picks the view for the page kind. */
import type { PageData } from '../shared/page-data.js';
import { ChangelogPage } from './changelog-page.js';
import { ChannelPage } from './channel-page.js';
import { EndpointPage } from './endpoint-page.js';
import { MarkdownPage, OverviewPage } from './markdown-page.js';
import { TypePage } from './type-page.js';
import { WebhookPage } from './webhook-page.js';

export function Page({ data }: { data: PageData }) {
  const { page, site } = data;
  return page.kind === 'endpoint' ? (
    <EndpointPage page={page} site={site} />
  ) : page.kind === 'channel' ? (
    <ChannelPage page={page} site={site} />
  ) : page.kind === 'webhook' ? (
    <WebhookPage page={page} site={site} />
  ) : page.kind === 'type' ? (
    <TypePage page={page} site={site} />
  ) : page.kind === 'overview' ? (
    <OverviewPage page={page} basePath={site.basePath} />
  ) : page.kind === 'changelog' ? (
    <ChangelogPage page={page} basePath={site.basePath} />
  ) : (
    <MarkdownPage page={page} basePath={site.basePath} />
  );
}
