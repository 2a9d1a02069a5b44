/**
 * Host ownership: a host name (lower case, no trailing dot, any port) belongs to one
 * organization, and so does every path under it on every port: `docs.acme.test`,
 * `DOCS.ACME.TEST.:8080` and `docs.acme.test:80` are one host. An organization takes a host
 * name it does not own yet only when it may: in local mode, when an operator approved the host
 * (`--allow-domain`), for the preview host the registry generated for it, or by a proven domain
 * claim (domain-claims.ts). The owner row is written in the same transaction as the
 * registration; its primary key makes concurrent first registrations of one host agree on a
 * single owner (the others fail, never "owner of one, content of another").
 */
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../storage/index.js';
import { fail } from './errors.js';
import { hostName } from './urls.js';

/** Who may take a host nobody owns yet. */
export interface DomainPolicy {
  mode: 'local' | 'hosted';
  /** Host names approved by an operator (`approvedHosts`: lower case, no port; every port of each). */
  allowDomains: ReadonlySet<string>;
  /** DNS TXT lookup (node:dns/promises resolveTxt in production; tests inject a fake). */
  resolveTxt: (name: string) => Promise<string[][]>;
  /** Host names no organization may own or claim: the server's console host. */
  reservedHosts?: ReadonlySet<string>;
}

/** Fails with DomainNotClaimedError when `host` is reserved for the server itself (its console). */
export function refuseReserved(policy: DomainPolicy, host: string): void {
  if (policy.reservedHosts?.has(hostName(host)))
    fail(
      'DomainNotClaimedError',
      `"${hostName(host)}" is this server's console host: no organization's docs may be registered or claimed on it`,
    );
}

/**
 * Normalises operator-approved hosts (comma lists, case, surrounding space) to host names: an
 * approval is of the name, on every port, for whichever organization takes it first.
 * @example approvedHosts(['Docs.Acme.test:8080, b.test.']) // Set { 'docs.acme.test', 'b.test' }
 */
export function approvedHosts(entries: readonly string[]): Set<string> {
  return new Set(
    entries
      .flatMap((entry) => entry.split(','))
      .map((entry) => hostName(entry.trim()))
      .filter(Boolean),
  );
}

/** True when an operator approved the name of `host`. */
export function isApproved(policy: DomainPolicy, host: string): boolean {
  return policy.allowDomains.has(hostName(host));
}

/** The organization owning the name of `host` (any port), or undefined. */
export async function hostOwner(db: Kysely<Database>, host: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('docs_hosts')
    .select('org_id')
    .where('host', '=', hostName(host))
    .executeTakeFirst();
  return row?.org_id;
}

/**
 * A `where` for docs URL rows on the name of `host`, any port (`docs.acme.test`,
 * `docs.acme.test:8080`, …). Names hold only `[a-z0-9.-]`, so the pattern has no wildcard but its own.
 */
export function onHostName(host: string) {
  const name = hostName(host);
  return (eb: ExpressionBuilder<Database, 'docs_urls'>) =>
    eb.or([eb('domain', '=', name), eb('domain', 'like', `${name}:%`)]);
}

/** True when an organization may take an unowned host without a DNS proof. */
function mayTake(policy: DomainPolicy, host: string, preview: boolean): boolean {
  return policy.mode === 'local' || isApproved(policy, host) || preview;
}

/**
 * Checks before a registration starts: each host is the organization's, or free and takeable.
 * DomainBelongsToAnotherOrgError / DomainNotClaimedError otherwise.
 */
export async function checkHosts(
  db: Kysely<Database>,
  policy: DomainPolicy,
  orgId: string,
  hosts: readonly string[],
  preview: boolean,
): Promise<void> {
  for (const host of new Set(hosts.map(hostName))) {
    refuseReserved(policy, host);
    const owner = await hostOwner(db, host);
    if (owner === orgId) continue;
    if (owner)
      fail(
        'DomainBelongsToAnotherOrgError',
        `"${host}" (on every port) and every path under it belong to another organization`,
      );
    if (!mayTake(policy, host, preview))
      fail(
        'DomainNotClaimedError',
        `"${host}" belongs to no organization yet: claim it with a DNS TXT record (POST /v2/registry/docs/domain-claims/create returns the record, …/domain-claims/verify checks it) or ask the operator to approve it (--allow-domain)`,
      );
  }
}

/**
 * Inside the registration's transaction: takes the free hosts and locks every host row, then
 * fails unless all of them belong to `orgId`. Hosts are handled in sorted order (no deadlocks).
 */
export async function takeHosts(
  trx: Kysely<Database>,
  policy: DomainPolicy,
  orgId: string,
  hosts: readonly string[],
  preview: boolean,
): Promise<void> {
  for (const host of [...new Set(hosts.map(hostName))].sort()) {
    refuseReserved(policy, host);
    const owner = async () =>
      (
        await trx
          .selectFrom('docs_hosts')
          .select('org_id')
          .where('host', '=', host)
          .forUpdate()
          .executeTakeFirst()
      )?.org_id;
    let current = await owner();
    if (current === undefined) {
      if (!mayTake(policy, host, preview))
        fail('DomainNotClaimedError', `"${host}" belongs to no organization yet: claim it first`);
      // A concurrent registration may insert first: this waits for it, then the re-read sees its owner.
      await trx
        .insertInto('docs_hosts')
        .values({ host, org_id: orgId })
        .onConflict((oc) => oc.column('host').doNothing())
        .execute();
      current = await owner();
    }
    if (current !== orgId)
      fail(
        'DomainBelongsToAnotherOrgError',
        `"${host}" (on every port) and every path under it belong to another organization`,
      );
  }
}

/** Records `orgId` as the owner of a free host name (a proven claim); fails when another organization has it. */
export async function claimHost(db: Kysely<Database>, orgId: string, host: string): Promise<void> {
  await db
    .insertInto('docs_hosts')
    .values({ host: hostName(host), org_id: orgId })
    .onConflict((oc) => oc.column('host').doNothing())
    .execute();
  const owner = await hostOwner(db, host);
  if (owner !== orgId) fail('DomainBelongsToAnotherOrgError', `"${host}" belongs to another organization`);
}
