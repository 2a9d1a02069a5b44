-- The API changelog (issue #26): one row per publish of an API that changed it, written with the
-- definition, from the registry's diff with the version published before it (same organization
-- and api_id): the spec versions, the bump it implies and its changes, breaking ones first (JSON,
-- at most 100). Docs sites merge the rows of their APIs into their changelogs.

create table api_changelog (
  api_definition_id text primary key references api_definitions (id),
  org_id text not null references organizations (id),
  api_id text not null,
  previous_api_definition_id text not null references api_definitions (id),
  entry jsonb not null,
  created_at timestamptz not null default now()
);
create index api_changelog_org_api on api_changelog (org_id, api_id, created_at desc);
