-- "Was this page helpful?" (issue #26): readers' answers, counted per page and hour like the
-- playground's hourly rows (analytics/page-feedback.ts), read by the dashboard's analytics. A page
-- is its path on its site ('/guides/intro', or '/v1/guides/intro' on a versioned site); nothing of
-- the reader is kept.

create table page_feedback_hourly (
  org_id text not null references organizations (id) on delete cascade,
  docs_url text not null,
  page text not null,
  title text not null,
  hour timestamptz not null,
  helpful integer not null default 0,
  not_helpful integer not null default 0,
  primary key (org_id, docs_url, page, hour)
);
create index page_feedback_hourly_org_hour on page_feedback_hourly (org_id, hour);
