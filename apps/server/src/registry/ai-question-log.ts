/** `POST /ai/get-question-log`: an organization's Ask AI question log, for its members. */
import { listQuestions } from '../ai/index.js';
import { type Handlers, pageNumber } from './context.js';
import { requireMember, requireOrg } from './identity.js';

const DEFAULT_LIMIT = 50;

export const aiQuestionLogHandlers: Handlers<'getAiQuestionLog'> = {
  async getAiQuestionLog(ctx, { body }, call) {
    await requireOrg(ctx.db, body.orgId);
    await requireMember(ctx.db, call.caller, body.orgId);
    const limit = body.limit ?? DEFAULT_LIMIT;
    return listQuestions(ctx.db, body.orgId, {
      ...(body.url === undefined ? {} : { url: body.url }),
      ...(body.feedback === undefined ? {} : { feedback: body.feedback }),
      ...(body.location === undefined ? {} : { location: body.location }),
      ...(body.failed === undefined ? {} : { failed: body.failed }),
      page: pageNumber(body.page) - 1,
      limit,
    });
  },
};
