/**
 * Domain claims: an organization proves it controls a host it does not own yet with a DNS TXT
 * record `_sextant-challenge.<host>` holding the value the registry gave it. Verification goes
 * through the policy's injectable resolver; once proven, the organization owns the host name
 * (every port) and every path under it (host-ownership.ts).
 */
import { randomBytes } from 'node:crypto';
import type { CallContext, Handlers, RegistryContext } from './context.js';
import { fail } from './errors.js';
import { claimHost, hostOwner, refuseReserved } from './host-ownership.js';
import { requireMember, requireOrg } from './identity.js';
import { hostName, requireDomain } from './urls.js';

const RECORD_PREFIX = '_sextant-challenge.';
const VALUE_PREFIX = 'sextant-domain-verification=';

/** The DNS name that must hold the claim's TXT record. */
export function challengeRecordName(host: string): string {
  return `${RECORD_PREFIX}${hostName(host)}`;
}

async function claimTarget(ctx: RegistryContext, call: CallContext, body: { orgId: string; domain: string }) {
  await requireOrg(ctx.db, body.orgId);
  await requireMember(ctx.db, call.caller, body.orgId);
  const address = requireDomain(body.domain);
  if (address.basePath !== '')
    fail('InvalidDomainError', `"${body.domain}": a claim names a host; its paths come with it`);
  // A claim is of the host name: proven once, it covers every port.
  const host = hostName(address.domain);
  refuseReserved(ctx.domains, host);
  const owner = await hostOwner(ctx.db, host);
  if (owner && owner !== body.orgId)
    fail('DomainBelongsToAnotherOrgError', `"${host}" (on every port) belongs to another organization`);
  return { host, owned: owner === body.orgId };
}

function claimView(orgId: string, host: string, token: string, verified: boolean) {
  return {
    orgId,
    domain: host,
    recordName: challengeRecordName(host),
    recordValue: `${VALUE_PREFIX}${token}`,
    verified,
  };
}

export const domainClaimHandlers: Handlers<'createDomainClaim' | 'verifyDomainClaim'> = {
  async createDomainClaim(ctx, { body }, call) {
    const { host, owned } = await claimTarget(ctx, call, body);
    // Repeating create keeps the token, so a record already published stays valid.
    await ctx.db
      .insertInto('domain_claims')
      .values({ org_id: body.orgId, host, token: randomBytes(24).toString('base64url') })
      .onConflict((oc) => oc.columns(['org_id', 'host']).doNothing())
      .execute();
    const claim = await ctx.db
      .selectFrom('domain_claims')
      .select(['token', 'verified_at'])
      .where('org_id', '=', body.orgId)
      .where('host', '=', host)
      .executeTakeFirstOrThrow();
    return claimView(body.orgId, host, claim.token, owned);
  },
  async verifyDomainClaim(ctx, { body }, call) {
    const { host, owned } = await claimTarget(ctx, call, body);
    const claim = await ctx.db
      .selectFrom('domain_claims')
      .select('token')
      .where('org_id', '=', body.orgId)
      .where('host', '=', host)
      .executeTakeFirst();
    if (!claim)
      fail(
        'DomainClaimNotFoundError',
        `No claim of "${host}" by "${body.orgId}": call domain-claims/create first`,
      );
    if (owned) return claimView(body.orgId, host, claim.token, true);
    const expected = `${VALUE_PREFIX}${claim.token}`;
    const records = await ctx.domains.resolveTxt(challengeRecordName(host)).catch(() => [] as string[][]);
    if (!records.some((chunks) => chunks.join('') === expected))
      fail(
        'DomainClaimNotVerifiedError',
        `The TXT record ${challengeRecordName(host)} does not hold "${expected}" yet; publish it, wait for DNS, then verify again`,
      );
    await claimHost(ctx.db, body.orgId, host);
    await ctx.db
      .updateTable('domain_claims')
      .set({ verified_at: new Date() })
      .where('org_id', '=', body.orgId)
      .where('host', '=', host)
      .execute();
    return claimView(body.orgId, host, claim.token, true);
  },
};
