/** The registry's playground analytics call: an organization's Try-it requests, for its members. */
import { createAnalyticsStore } from '../analytics/index.js';
import type { Handlers } from './context.js';
import { requireMember, requireOrg } from './identity.js';

export const analyticsHandlers: Handlers<'getPlaygroundAnalytics'> = {
  async getPlaygroundAnalytics(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    await requireMember(ctx.db, call.caller, body.orgId);
    return createAnalyticsStore(ctx.db).aggregate({
      orgId: body.orgId,
      ...(body.url === undefined ? {} : { url: body.url }),
      from: new Date(body.from),
      to: new Date(body.to),
    });
  },
};
