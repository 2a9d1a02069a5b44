/** The one error wire shape of the server's replies, and the handlers that answer with it. */

export {
  replyErrorOf,
  sendError,
  sendErrorReply,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableReply,
} from './answer.js';
export { errorRepliesPlugin } from './plugin.js';
export { type ErrorReplyBody, errorBody, ReplyError } from './reply-error.js';
