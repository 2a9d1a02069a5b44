-- Scoped credentials (issue #24): a token acts in exactly one organization (an org token) or as
-- the platform operator (an operator token); a user's token of one organization never acts in
-- another. Adding an existing user to an organization is an invitation the user accepts with
-- their own credential: no call hands a credential of an existing user to someone else.
alter table tokens add column org_id text references organizations (id) on delete cascade;
alter table tokens add column operator boolean not null default false;

-- Operator tokens are the ones made as such (--create-operator-token; the local admin's, whose
-- first token was its organization's "admin of local"), never a token an organization's admin
-- minted for the operator user through members/add.
update tokens set operator = true
  where (description in ('platform operator', 'local admin')
      or (description = 'admin of local' and user_id = 'local-admin'))
    and user_id in (select id from users where is_operator);

-- A token made for a membership ("admin of acme") acts in that organization.
update tokens set org_id = memberships.org_id
  from memberships
  where memberships.user_id = tokens.user_id
    and tokens.org_id is null
    and tokens.description in ('admin of ' || memberships.org_id, 'member of ' || memberships.org_id);

-- Other tokens of a user with one organization act in it.
update tokens set org_id = (select min(org_id) from memberships where memberships.user_id = tokens.user_id)
  where org_id is null
    and not operator
    and (select count(*) from memberships where memberships.user_id = tokens.user_id) = 1;

-- What cannot be scoped (a token of a user in several organizations, made by tokens/generate) is
-- revoked: it would otherwise act in every organization of its user.
update tokens set revoked_at = now() where org_id is null and not operator and revoked_at is null;

alter table tokens add constraint tokens_scope check (operator or org_id is not null or revoked_at is not null);
create index tokens_org_user on tokens (org_id, user_id);

-- An existing user added to an organization is invited; the user accepts with their own token.
create table org_invitations (
  org_id text not null references organizations (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  role text not null check (role in ('admin', 'member')),
  invited_by text not null,
  created_at timestamptz not null default now(),
  primary key (org_id, user_id)
);
create index org_invitations_user on org_invitations (user_id);
