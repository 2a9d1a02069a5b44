/**
 * Playground analytics: Try-it requests over time stacked by status class, the status-class
 * split, latency percentiles and the endpoints that fail most (recharts). Totals are also text,
 * readable by a stable name (`data-testid="analytics-total"`, and per class `analytics-<class>`).
 */

import type { ByStatusClass, PlaygroundAnalytics } from '@sextant/registry-client';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useDashboard } from '../session-context.js';
import { docsUrlText } from '../ui/docs-url.js';
import { DataTable, Empty, EndpointCell, LoadView, PageTitle } from '../ui/parts.js';
import { useDashboardQuery, useDocsSites } from '../ui/queries.js';
import { SelectField, SiteSelect } from '../ui/select-field.js';

const CLASSES = [
  '2xx',
  '3xx',
  '4xx',
  '5xx',
  'failed',
  '1xx',
] as const satisfies readonly (keyof ByStatusClass)[];
/** Colours readable on light and dark backgrounds. */
const COLOURS: Record<keyof ByStatusClass, string> = {
  '1xx': '#8b8fa3',
  '2xx': '#2f9e44',
  '3xx': '#1c7ed6',
  '4xx': '#f08c00',
  '5xx': '#e03131',
  failed: '#862e9c',
};
const RANGES = [
  { id: '24h', label: 'Last 24 hours', hours: 24 },
  { id: '7d', label: 'Last 7 days', hours: 24 * 7 },
  { id: '30d', label: 'Last 30 days', hours: 24 * 30 },
] as const;

const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);
const hourLabel = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit' });

function Charts({ data }: { data: PlaygroundAnalytics }) {
  const { totals, latencyMs, series, endpoints } = data;
  const split = CLASSES.map((name) => ({ name, value: totals.byStatusClass[name] })).filter(
    (s) => s.value > 0,
  );
  const points = series.map((point) => ({ hour: hourLabel(point.hour), ...point.byStatusClass }));
  const latency = [
    { name: 'p50', ms: latencyMs.p50 ?? 0 },
    { name: 'p95', ms: latencyMs.p95 ?? 0 },
    { name: 'p99', ms: latencyMs.p99 ?? 0 },
  ];
  const failing = endpoints.filter((endpoint) => endpoint.failures > 0).slice(0, 10);
  return (
    <>
      <section className="totals" aria-labelledby="totals-heading">
        <h2 id="totals-heading">Totals</h2>
        <div className="total-grid">
          <div>
            <span id="total-label">Try-it requests</span>
            <output aria-labelledby="total-label" data-testid="analytics-total">
              {totals.requests}
            </output>
          </div>
          {CLASSES.map((name) => (
            <div key={name}>
              <span id={`total-${name}`}>{name === 'failed' ? 'Failed (no answer)' : name}</span>
              <output aria-labelledby={`total-${name}`} data-testid={`analytics-${name}`}>
                {totals.byStatusClass[name]}
              </output>
            </div>
          ))}
          <div className="wide">
            <span id="total-latency">Latency p50 / p95 / p99</span>
            <output aria-labelledby="total-latency" data-testid="analytics-latency">
              {ms(latencyMs.p50)} / {ms(latencyMs.p95)} / {ms(latencyMs.p99)}
            </output>
          </div>
        </div>
      </section>
      {totals.requests === 0 ? (
        <Empty>No Try-it request in this range.</Empty>
      ) : (
        <div className="charts">
          <figure className="card chart wide">
            <figcaption>Requests per hour by status class</figcaption>
            <ResponsiveContainer width="100%" height={260}>
              <BarChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
                <XAxis dataKey="hour" tick={{ fontSize: 11 }} minTickGap={16} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={36} />
                <Tooltip />
                <Legend />
                {CLASSES.map((name) => (
                  <Bar
                    key={name}
                    dataKey={name}
                    stackId="status"
                    fill={COLOURS[name]}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </figure>
          <figure className="card chart">
            <figcaption>Status classes</figcaption>
            <ResponsiveContainer width="100%" height={240}>
              <PieChart>
                <Pie
                  data={split}
                  dataKey="value"
                  nameKey="name"
                  innerRadius={50}
                  outerRadius={85}
                  isAnimationActive={false}
                >
                  {split.map((slice) => (
                    <Cell key={slice.name} fill={COLOURS[slice.name]} />
                  ))}
                </Pie>
                <Tooltip />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          </figure>
          <figure className="card chart">
            <figcaption>Latency percentiles (ms)</figcaption>
            <ResponsiveContainer width="100%" height={240}>
              <BarChart data={latency} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} />
                <XAxis dataKey="name" />
                <YAxis tick={{ fontSize: 11 }} width={44} />
                <Tooltip />
                <Bar dataKey="ms" fill="#1c7ed6" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </figure>
        </div>
      )}
      <section aria-labelledby="failing-heading">
        <h2 id="failing-heading">Endpoints that fail most</h2>
        {failing.length === 0 ? (
          <Empty>No endpoint failed in this range.</Empty>
        ) : (
          <DataTable columns={['Endpoint', 'Requests', 'Failures', 'p95']}>
            {failing.map((endpoint) => (
              <tr key={`${endpoint.url} ${endpoint.endpointId}`}>
                <EndpointCell method={endpoint.method} path={endpoint.path} detail={endpoint.url} />
                <td>{endpoint.requests}</td>
                <td>
                  {endpoint.failures}{' '}
                  <span className="muted small">
                    (4xx {endpoint.byStatusClass['4xx']}, 5xx {endpoint.byStatusClass['5xx']}, failed{' '}
                    {endpoint.byStatusClass.failed})
                  </span>
                </td>
                <td>{ms(endpoint.p95)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <PageFeedback pages={data.pages ?? []} />
    </>
  );
}

/** "Was this page helpful?" per page: the least helpful first. */
function PageFeedback({ pages }: { pages: NonNullable<PlaygroundAnalytics['pages']> }) {
  return (
    <section aria-labelledby="feedback-heading">
      <h2 id="feedback-heading">Was this page helpful?</h2>
      {pages.length === 0 ? (
        <Empty>No reader rated a page in this range.</Empty>
      ) : (
        <DataTable columns={['Page', 'Yes', 'No', 'Helpful']} testId="page-feedback">
          {pages.map((page) => (
            <tr key={`${page.url} ${page.page}`}>
              <td>
                {page.title}
                <div className="muted small">
                  {page.url}
                  {page.page === '/' ? '' : page.page}
                </div>
              </td>
              <td>{page.helpful}</td>
              <td>{page.notHelpful}</td>
              <td>{Math.round((100 * page.helpful) / Math.max(1, page.helpful + page.notHelpful))}%</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

export function AnalyticsPage() {
  const { client, orgId } = useDashboard();
  const [range, setRange] = useState<(typeof RANGES)[number]['id']>('7d');
  const [site, setSite] = useState('');
  const sites = useDocsSites();
  const siteUrls = sites.data?.docsSites.map((entry) => docsUrlText(entry.mainUrl)) ?? [];
  const hours = RANGES.find((entry) => entry.id === range)?.hours ?? 24 * 7;
  const analytics = useDashboardQuery(['analytics', orgId, hours, site], () => {
    const to = new Date();
    // The current hour is included whole: events stamped a moment from now count too.
    to.setUTCMinutes(59, 59, 999);
    const from = new Date(to.getTime() - hours * 3_600_000);
    return client.getPlaygroundAnalytics({
      body: { orgId, from: from.toISOString(), to: to.toISOString(), ...(site ? { url: site } : {}) },
    });
  });
  return (
    <>
      <PageTitle intro="What readers try in the docs' playgrounds (requests, answers, latency) and how they rate the pages.">
        Analytics
      </PageTitle>
      <div className="field inline">
        <SelectField
          inline
          label="Range"
          options={RANGES.map((entry) => ({ value: entry.id, label: entry.label }))}
          value={range}
          onChange={(value) => setRange(value as typeof range)}
        />
        <SiteSelect siteUrls={siteUrls} value={site} onChange={setSite} />
        <button type="button" onClick={() => void analytics.refetch()}>
          Refresh
        </button>
      </div>
      <LoadView query={analytics} what="the analytics">
        {(data) => <Charts data={data} />}
      </LoadView>
    </>
  );
}
