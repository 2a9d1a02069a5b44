-- Ask AI's question log (issue #19): every question a docs site's assistant answered, where it was
-- asked (docs, slack, discord), the answer, the passages cited and the reader's feedback. Read by
-- the organization's members through POST /ai/get-question-log.

create table ai_questions (
  id text primary key,
  org_id text not null references organizations (id) on delete cascade,
  docs_url text not null,
  location text not null check (location in ('docs', 'slack', 'discord')),
  model text not null,
  question text not null,
  answer text not null,
  sources jsonb not null,
  error_code text,
  feedback text check (feedback in ('up', 'down')),
  asked_at timestamptz not null default now()
);
create index ai_questions_org_asked on ai_questions (org_id, asked_at desc, id);
