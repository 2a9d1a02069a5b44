-- Docs files: the files a docs definition references (logo, favicon, markdown images, fonts…).
-- Bytes live in the blob store, content-addressed per organization; these tables record what is
-- stored, what a registration declared and still waits for, and what each docs version links.

create table docs_files (
  id text primary key,
  org_id text not null references organizations (id),
  sha256 text not null,
  size_bytes integer not null,
  blob_key text not null,
  created_at timestamptz not null default now(),
  unique (org_id, sha256)
);

create table docs_registration_files (
  registration_id text not null references docs_registrations (id) on delete cascade,
  path text not null,
  sha256 text not null,
  size_bytes integer not null,
  content_type text not null,
  primary key (registration_id, path)
);

create table docs_file_uploads (
  id text primary key,
  registration_id text not null references docs_registrations (id) on delete cascade,
  org_id text not null references organizations (id),
  sha256 text not null,
  size_bytes integer not null,
  expires_at timestamptz not null,
  file_id text references docs_files (id),
  created_at timestamptz not null default now(),
  unique (registration_id, sha256)
);

create table docs_definition_files (
  docs_definition_id text not null references docs_definitions (id) on delete cascade,
  path text not null,
  file_id text not null references docs_files (id),
  content_type text not null,
  primary key (docs_definition_id, path)
);
create index docs_definition_files_file on docs_definition_files (file_id);
