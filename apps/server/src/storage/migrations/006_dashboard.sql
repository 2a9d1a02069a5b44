-- Dashboard sessions: a signed-in browser holds a random session id in an httpOnly cookie; only its
-- SHA-256 is stored. A session acts as the token it was opened with: revoking (or deleting) that
-- token ends it, and it expires on its own.
create table dashboard_sessions (
  id_hash text primary key,
  token_id text not null references tokens (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index dashboard_sessions_token on dashboard_sessions (token_id);
create index dashboard_sessions_expires on dashboard_sessions (expires_at);
