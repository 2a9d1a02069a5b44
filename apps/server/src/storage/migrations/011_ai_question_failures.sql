-- Ask AI's question log (issue #27): a failed answer is flagged (its error code was kept, but the
-- row read like an empty answer), and the site chat's questions keep the page the reader was on.
-- Members filter the log by feedback, location, failure and site (POST /ai/get-question-log).

alter table ai_questions add column failed boolean not null default false;
alter table ai_questions add column page text;
update ai_questions set failed = true where error_code is not null;
create index ai_questions_org_failed on ai_questions (org_id, failed, asked_at desc);
