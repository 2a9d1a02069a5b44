/**
 * The public query set of bench:search: what readers type in a search box or ask Ask AI and an
 * MCP client, over GitHub's REST spec, Stripe's spec and the demo docs (`examples/`), each with
 * the page(s) that answer it (slugs; any one of them counts). A page section counts for its page.
 */
import type { SiteName } from './sites.js';

export interface BenchQuery {
  site: SiteName;
  query: string;
  /** Slugs of the pages that answer it. */
  expect: string[];
}

const PULLS = 'rest/pulls/';

export const QUERIES: BenchQuery[] = [
  // GitHub: the ten everyday questions of issue #27 and more.
  { site: 'github', query: 'create issue', expect: ['rest/issues/create-an-issue'] },
  { site: 'github', query: 'How do I create an issue?', expect: ['rest/issues/create-an-issue'] },
  {
    site: 'github',
    query: '/repos/{owner}/{repo}/pulls',
    expect: [`${PULLS}list-pull-requests`, `${PULLS}create-a-pull-request`],
  },
  {
    site: 'github',
    query: '/repos/octocat/hello-world/pulls',
    expect: [`${PULLS}list-pull-requests`, `${PULLS}create-a-pull-request`],
  },
  {
    site: 'github',
    query: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
    expect: [`${PULLS}get-a-pull-request`],
  },
  {
    site: 'github',
    query: 'pull request',
    expect: [
      `${PULLS}get-a-pull-request`,
      `${PULLS}list-pull-requests`,
      `${PULLS}create-a-pull-request`,
      `${PULLS}update-a-pull-request`,
      `${PULLS}merge-a-pull-request`,
    ],
  },
  {
    site: 'github',
    query: 'pul request',
    expect: [
      `${PULLS}get-a-pull-request`,
      `${PULLS}list-pull-requests`,
      `${PULLS}create-a-pull-request`,
      `${PULLS}update-a-pull-request`,
      `${PULLS}merge-a-pull-request`,
    ],
  },
  { site: 'github', query: 'list pull requests', expect: [`${PULLS}list-pull-requests`] },
  { site: 'github', query: 'How do I merge a pull request?', expect: [`${PULLS}merge-a-pull-request`] },
  { site: 'github', query: 'rate limit', expect: ['rest/rate-limit/get'] },
  { site: 'github', query: 'How can I check my rate limit?', expect: ['rest/rate-limit/get'] },
  { site: 'github', query: 'get a repository', expect: ['rest/repos/get-a-repository'] },
  { site: 'github', query: 'delete a repository', expect: ['rest/repos/delete-a-repository'] },
  { site: 'github', query: 'fork a repo', expect: ['rest/repos/create-a-fork'] },
  { site: 'github', query: 'list branches', expect: ['rest/repos/list-branches'] },
  { site: 'github', query: 'How do I publish a new release?', expect: ['rest/repos/create-a-release'] },
  { site: 'github', query: 'latest release', expect: ['rest/repos/get-the-latest-release'] },
  { site: 'github', query: 'create a gist', expect: ['rest/gists/create-a-gist'] },
  { site: 'github', query: 'star a repository', expect: ['rest/activity/star-repo-for-authenticated-user'] },
  {
    site: 'github',
    query: 'Who is the authenticated user?',
    expect: ['rest/users/get-the-authenticated-user'],
  },
  { site: 'github', query: 'add labels to an issue', expect: ['rest/issues/add-labels-to-an-issue'] },
  { site: 'github', query: 'comment on an issue', expect: ['rest/issues/create-an-issue-comment'] },
  {
    site: 'github',
    query: 'How do I update a file in a repository?',
    expect: ['rest/repos/create-or-update-file-contents'],
  },
  {
    site: 'github',
    query: 'trigger a workflow run',
    expect: ['rest/actions/create-a-workflow-dispatch-event'],
  },
  {
    site: 'github',
    query: 'list workflow runs',
    expect: [
      'rest/actions/list-workflow-runs-for-a-repository',
      'rest/actions/list-workflow-runs-for-a-workflow',
    ],
  },
  { site: 'github', query: 'search repositories', expect: ['rest/search/search-repositories'] },
  { site: 'github', query: 'search code', expect: ['rest/search/search-code'] },
  {
    site: 'github',
    query: 'download repository zip archive',
    expect: ['rest/repos/download-a-repository-archive-zip'],
  },
  {
    site: 'github',
    query: 'create webhook for a repository',
    expect: ['rest/repos/create-a-repository-webhook'],
  },
  {
    site: 'github',
    query: 'add a collaborator to a repository',
    expect: ['rest/repos/add-a-repository-collaborator'],
  },
  { site: 'github', query: 'render markdown', expect: ['rest/markdown/render-a-markdown-document'] },
  { site: 'github', query: 'list organization members', expect: ['rest/orgs/list-organization-members'] },
  {
    site: 'github',
    query: 'reqest reviewers for a pull request',
    expect: [`${PULLS}request-reviewers-for-a-pull-request`],
  },
  { site: 'github', query: 'issue-comment', expect: ['rest/types/issue-comment'] },
  // Stripe: no summaries in this spec (titles are operation ids), descriptions in HTML.
  { site: 'stripe', query: 'create a customer', expect: ['rest/postcustomers'] },
  { site: 'stripe', query: 'How do I delete a customer?', expect: ['rest/deletecustomerscustomer'] },
  { site: 'stripe', query: 'update a customer', expect: ['rest/postcustomerscustomer'] },
  { site: 'stripe', query: 'search customers', expect: ['rest/getcustomerssearch'] },
  { site: 'stripe', query: 'list all charges', expect: ['rest/getcharges'] },
  { site: 'stripe', query: 'capture a charge', expect: ['rest/postchargeschargecapture'] },
  { site: 'stripe', query: 'How do I refund a payment?', expect: ['rest/postrefunds'] },
  { site: 'stripe', query: 'create a payment intent', expect: ['rest/postpaymentintents'] },
  { site: 'stripe', query: 'confirm a PaymentIntent', expect: ['rest/postpaymentintentsintentconfirm'] },
  {
    site: 'stripe',
    query: 'cancel a subscription',
    expect: ['rest/deletesubscriptionssubscriptionexposedid'],
  },
  { site: 'stripe', query: 'create subscription', expect: ['rest/postsubscriptions'] },
  { site: 'stripe', query: 'What is my account balance?', expect: ['rest/getbalance'] },
  { site: 'stripe', query: 'create a checkout session', expect: ['rest/postcheckoutsessions'] },
  { site: 'stripe', query: 'create a webhook endpoint', expect: ['rest/postwebhookendpoints'] },
  { site: 'stripe', query: 'finalize an invoice', expect: ['rest/postinvoicesinvoicefinalize'] },
  { site: 'stripe', query: 'create a product', expect: ['rest/postproducts'] },
  { site: 'stripe', query: 'create a price', expect: ['rest/postprices'] },
  {
    site: 'stripe',
    query: 'attach a payment method to a customer',
    expect: ['rest/postpaymentmethodspaymentmethodattach'],
  },
  { site: 'stripe', query: 'POST /v1/payouts', expect: ['rest/postpayouts'] },
  {
    site: 'stripe',
    query: '/v1/customers/cus_123',
    expect: ['rest/getcustomerscustomer', 'rest/postcustomerscustomer', 'rest/deletecustomerscustomer'],
  },
  { site: 'stripe', query: 'customer object', expect: ['rest/types/customer'] },
  // The demo docs: guides and three APIs.
  { site: 'demo', query: 'How do I authenticate my requests?', expect: ['guides/authentication'] },
  {
    site: 'demo',
    query: 'oauth client credentials token',
    expect: ['rest/auth/get-an-access-token-client-credentials', 'guides/authentication'],
  },
  { site: 'demo', query: 'list plants with a tag', expect: ['rest/plants/list-plants'] },
  { site: 'demo', query: 'How do I create a new plant?', expect: ['rest/plants/add-a-plant'] },
  { site: 'demo', query: 'remove a plant', expect: ['rest/plants/delete-a-plant'] },
  { site: 'demo', query: 'edit plant', expect: ['rest/plants/update-a-plant'] },
  { site: 'demo', query: 'upload several files', expect: ['rest/bodies/upload-files-multipart'] },
  {
    site: 'demo',
    query: 'server-sent events',
    expect: ['rest/streams/stream-server-sent-events', 'guides/streaming-and-files'],
  },
  { site: 'demo', query: 'What fields does a Plant have?', expect: ['rest/types/plant', 'rpc/types/plant'] },
  { site: 'demo', query: 'download csv report', expect: ['rest/files/download-a-csv-report'] },
  { site: 'demo', query: 'websocket ticker', expect: ['ws/chat-and-ticker'] },
  { site: 'demo', query: 'Which JSON-RPC method adds two numbers?', expect: ['rpc/add-two-numbers'] },
  { site: 'demo', query: 'api key header', expect: ['rest/auth/endpoint-behind-an-api-key-header'] },
  { site: 'demo', query: 'quickstart', expect: ['guides/quickstart'] },
  { site: 'demo', query: 'send your first request', expect: ['guides/quickstart'] },
  { site: 'demo', query: 'GET /plants/42', expect: ['rest/plants/get-a-plant'] },
];
