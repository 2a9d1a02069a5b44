-- Playground analytics (SPEC §7: a request sent, a response received). Raw events are kept a
-- bounded time (pruned by the server); the hourly aggregate per endpoint is what the dashboard reads.
-- Events carry endpoint ids, methods, statuses, timings and sizes only: never URLs, headers,
-- bodies, query values or credentials.

create table playground_events (
  id bigserial primary key,
  org_id text not null references organizations (id) on delete cascade,
  docs_url text not null,
  endpoint_id text not null,
  kind text not null check (kind in ('sent', 'received')),
  status integer,
  status_class text check (status_class in ('1xx', '2xx', '3xx', '4xx', '5xx', 'failed')),
  latency_ms double precision,
  size_bytes bigint,
  error_kind text,
  at timestamptz not null default now()
);
create index playground_events_at on playground_events (at);

create table playground_hourly (
  org_id text not null references organizations (id) on delete cascade,
  docs_url text not null,
  endpoint_id text not null,
  hour timestamptz not null,
  method text not null,
  path text not null,
  requests integer not null default 0,
  status_1xx integer not null default 0,
  status_2xx integer not null default 0,
  status_3xx integer not null default 0,
  status_4xx integer not null default 0,
  status_5xx integer not null default 0,
  failed integer not null default 0,
  -- Counts of received responses per latency bucket (bounds in analytics/latency-buckets.ts).
  latency_buckets integer[] not null,
  primary key (org_id, docs_url, endpoint_id, hour)
);
create index playground_hourly_org_hour on playground_hourly (org_id, hour);
