/**
 * A channel's AsyncAPI 3 replies on its reference page: which messages answer which, who sends the
 * answer, on which channel and to which address (a runtime expression such as
 * `$message.header#/replyTo`).
 */
import type { ChannelReply } from '@sextant/definition';
import { TextDescription } from './type-view.js';

const codes = (types: string[]) =>
  types.map((type, i) => (
    <span key={type}>
      {i > 0 ? ', ' : null}
      <code>{type}</code>
    </span>
  ));

export function ChannelReplies({ replies }: { replies: ChannelReply[] }) {
  if (replies.length === 0) return null;
  return (
    <section className="sx-section" aria-label="Replies">
      <h2>Replies</h2>
      <ul className="sx-props">
        {replies.map((reply, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: an operation may reply more than once; the position is the identity
            key={`${reply.operation}-${i}`}
            className="sx-prop sx-reply"
          >
            <div className="sx-prop-head">
              {codes(reply.requests)} <span aria-hidden="true">→</span>{' '}
              <span className="sx-ui-sr-only">answered by </span>
              {codes(reply.replies)}{' '}
              <span className="sx-badge">
                {reply.origin === 'server' ? 'server → client' : 'client → server'}
              </span>
            </div>
            <p>
              Operation <code>{reply.operation}</code>
              {reply.channel ? (
                <>
                  ; the reply comes on channel <code>{reply.channel}</code>
                </>
              ) : null}
              {reply.address?.location ? (
                <>
                  ; sent to <code>{reply.address.location}</code>
                </>
              ) : null}
              .
            </p>
            <TextDescription text={reply.address?.description} />
          </li>
        ))}
      </ul>
    </section>
  );
}
