-- Ask AI in Slack and Discord: the request signatures and event ids already seen, shared by every
-- replica on this database, so a replayed request or a retried event is answered once however
-- many replicas receive it. A key is taken by inserting it (insert ... on conflict: one inserter
-- wins); rows past expires_at may be taken again and are pruned by the server.

create table chat_app_events (
  key text primary key,
  expires_at timestamptz not null
);
create index chat_app_events_expires_at on chat_app_events (expires_at);
