-- Sextant registry: initial schema. Definitions are stored gzip-compressed (bytea).
create table organizations (
  id text primary key,
  created_at timestamptz not null default now()
);

create table users (
  id text primary key,
  created_at timestamptz not null default now()
);

create table memberships (
  user_id text not null references users (id) on delete cascade,
  org_id text not null references organizations (id) on delete cascade,
  primary key (user_id, org_id)
);

create table tokens (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  secret_hash text not null unique,
  description text,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table api_definitions (
  id text primary key,
  org_id text not null references organizations (id),
  api_id text not null,
  definition_gz bytea not null,
  size_bytes integer not null,
  sha256 text not null,
  seq bigserial not null,
  created_at timestamptz not null default now()
);
create index api_definitions_org_api on api_definitions (org_id, api_id, seq desc);

create table docs_registrations (
  id text primary key,
  org_id text not null references organizations (id),
  kind text not null check (kind in ('v1', 'v2', 'preview')),
  urls jsonb not null,
  custom_urls jsonb not null,
  api_id text,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);

create table docs_definitions (
  id text primary key,
  org_id text not null references organizations (id),
  registration_id text not null references docs_registrations (id),
  definition_gz bytea not null,
  api_definition_ids jsonb not null,
  created_at timestamptz not null default now()
);

create table docs_urls (
  url text primary key,
  domain text not null,
  base_path text not null,
  org_id text not null references organizations (id),
  docs_definition_id text references docs_definitions (id),
  is_custom boolean not null default false,
  is_preview boolean not null default false,
  is_archived boolean not null default false,
  metadata jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index docs_urls_domain on docs_urls (domain);
create index docs_urls_org on docs_urls (org_id);

create table search_preview_whitelist (
  domain text primary key,
  created_at timestamptz not null default now()
);

create table generators (
  id text primary key,
  docker_image text not null unique,
  data jsonb not null,
  updated_at timestamptz not null default now()
);

create table generator_releases (
  generator_id text not null references generators (id) on delete cascade,
  version text not null,
  release_type text not null,
  ir_version integer not null,
  data jsonb not null,
  created_at timestamptz not null default now(),
  primary key (generator_id, version)
);

create table cli_releases (
  version text primary key,
  release_type text not null,
  ir_version integer not null,
  data jsonb not null,
  created_at timestamptz not null default now()
);

create table github_repositories (
  owner text not null,
  name text not null,
  org_id text references organizations (id),
  data jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (owner, name)
);

create table github_pull_requests (
  owner text not null,
  repo text not null,
  number integer not null,
  state text not null,
  author text,
  data jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (owner, repo, number)
);

create table snippets (
  id text primary key,
  org_id text not null references organizations (id),
  api_id text not null,
  method text not null,
  path text not null,
  language text not null,
  api_definition_id text,
  data jsonb not null,
  seq bigserial not null,
  created_at timestamptz not null default now()
);
create index snippets_endpoint on snippets (org_id, api_id, path, method);

create table snippet_templates (
  org_id text not null references organizations (id),
  api_id text not null,
  method text not null,
  path text not null,
  sdk_type text not null,
  sdk_package text not null,
  sdk_version text not null,
  api_definition_id text,
  template jsonb,
  created_at timestamptz not null default now(),
  primary key (org_id, api_id, method, path, sdk_type, sdk_package, sdk_version)
);

create table sdk_releases (
  org_id text not null references organizations (id),
  package_name text not null,
  language text not null,
  version text not null,
  api_definition_id text not null,
  created_at timestamptz not null default now(),
  primary key (org_id, package_name, language, version)
);
