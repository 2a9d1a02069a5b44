-- Host ownership is of the host name (lower case, no trailing dot, any port), no longer of
-- host:port: `docs.acme.test` covers `docs.acme.test:8080` for its owner only.

-- Of the rows one name had (one per port), the earliest keeps the name; the others go.
delete from docs_hosts
  where host not in (
    select distinct on (rtrim(split_part(host, ':', 1), '.')) host
      from docs_hosts
      order by rtrim(split_part(host, ':', 1), '.'), created_at, host
  );
update docs_hosts set host = rtrim(split_part(host, ':', 1), '.')
  where host <> rtrim(split_part(host, ':', 1), '.');

-- Sites another organization registered on a port of a name it does not own stop being served.
update docs_urls set is_archived = true
  where org_id <> (
    select docs_hosts.org_id from docs_hosts
      where docs_hosts.host = rtrim(split_part(docs_urls.domain, ':', 1), '.')
  );

-- Docs URLs leave out the default ports (80, 443): `docs.acme.test:80/x` becomes
-- `docs.acme.test/x` unless that URL exists (or another default port's row takes it first);
-- a row left with a default port is unreachable and archived.
update docs_urls
  set url = regexp_replace(url, '^([^/:]+):(80|443)(/|$)', '\1\3'),
      domain = split_part(domain, ':', 1)
  where domain ~ ':(80|443)$'
    and not exists (
      select 1 from docs_urls as other
        where regexp_replace(other.url, '^([^/:]+):(80|443)(/|$)', '\1\3')
              = regexp_replace(docs_urls.url, '^([^/:]+):(80|443)(/|$)', '\1\3')
          and (other.domain !~ ':(80|443)$' or other.url < docs_urls.url)
    );
update docs_urls set is_archived = true where domain ~ ':(80|443)$';

-- Domain claims are of the name too: one claim per organization and name (the earliest).
delete from domain_claims
  where (org_id, host) not in (
    select distinct on (org_id, rtrim(split_part(host, ':', 1), '.')) org_id, host
      from domain_claims
      order by org_id, rtrim(split_part(host, ':', 1), '.'), created_at, host
  );
update domain_claims set host = rtrim(split_part(host, ':', 1), '.')
  where host <> rtrim(split_part(host, ':', 1), '.');
