-- Tenancy: member roles, platform operators, host ownership (a host belongs to one organization,
-- with every path under it), domain claims proven by DNS, and generator owners.

alter table memberships add column role text not null default 'member' check (role in ('admin', 'member'));
update memberships set role = 'admin' where user_id = org_id || '-admin' or user_id = 'local-admin';

alter table users add column is_operator boolean not null default false;

-- One row per host: the primary key makes concurrent first registrations of a host agree on one owner.
create table docs_hosts (
  host text primary key,
  org_id text not null references organizations (id),
  created_at timestamptz not null default now()
);
create index docs_hosts_org on docs_hosts (org_id);
-- Hosts registered before this migration belong to the organization that registered them first.
insert into docs_hosts (host, org_id)
  select distinct on (domain) domain, org_id from docs_urls order by domain, created_at;
-- Sites another organization registered under a host it does not own stop being served.
update docs_urls set is_archived = true
  where org_id <> (select docs_hosts.org_id from docs_hosts where docs_hosts.host = docs_urls.domain);

create table domain_claims (
  org_id text not null references organizations (id) on delete cascade,
  host text not null,
  token text not null,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  primary key (org_id, host)
);

-- Generators created before this migration have no owner: only platform operators may change them.
alter table generators add column org_id text references organizations (id);
