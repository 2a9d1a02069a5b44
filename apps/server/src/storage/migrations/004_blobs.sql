-- Blob store in the database (PostgreSQL, or PGlite when chosen): one row per blob key, its bytes
-- in chunks of 256 KiB. Keys are content addresses per organization (docs-files/<org>/<sha256>)
-- or immutable bundles (docs/<id>.json.gz), so a key is written once and never shared by two
-- organizations. A blob row is inserted with its chunks in one transaction: never half a blob.

create table blobs (
  key text primary key,
  size_bytes integer not null,
  chunk_count integer not null,
  sha256 text not null,
  created_at timestamptz not null default now()
);

create table blob_chunks (
  key text not null references blobs (key) on delete cascade,
  idx integer not null,
  data bytea not null,
  primary key (key, idx)
);
