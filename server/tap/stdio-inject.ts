/**
 * The stdio tap's two directions as splices (splice.ts) sharing one inject book (lib/inject):
 * the app's inject asks (over the /tap socket, through the recording thread) are checked, given
 * ids, framed like the conversation and written at the next frame edge of their direction; the
 * answers to them are cut out of the other direction. Every ask gets an answer: the entry's seq,
 * or why it was refused.
 */
import { encodeContentLength, encodeNewline } from '../../lib/framing';
import { InjectBook, type InjectTo } from '../../lib/inject/inject';
import type { Framing } from '../../lib/session/types';
import type { RecordingClient } from './recording-client';
import { Splice } from './splice';

export interface SplicedConversation {
  /** Client → server (recorded `out`). */
  toServer: Splice;
  /** Server → client (recorded `in`). */
  toClient: Splice;
}

function consumes(book: InjectBook, body: string, from: InjectTo): boolean {
  try {
    return book.consumes(JSON.parse(body), from);
  } catch {
    return false;
  }
}

export function spliceConversation(framing: Framing, recording: RecordingClient): SplicedConversation {
  const book = new InjectBook();
  // Answers to requests injected to the client come back in the client → server direction, and the reverse.
  const toServer = new Splice(framing, {
    copy: (b) => recording.bytes('out', b),
    injected: (frame, ref) => recording.injected('out', frame, ref),
    awaits: () => book.awaits('client'),
    consumes: (body) => consumes(book, body, 'client'),
  });
  const toClient = new Splice(framing, {
    copy: (b) => recording.bytes('in', b),
    injected: (frame, ref) => recording.injected('in', frame, ref),
    awaits: () => book.awaits('server'),
    consumes: (body) => consumes(book, body, 'server'),
  });
  recording.onInject((ask) => {
    const [splice, other] = ask.to === 'server' ? [toServer, toClient] : [toClient, toServer];
    const chosen = splice.edges.framing ?? other.edges.framing;
    if (!chosen) return recording.injectRefused(ask.ref, 'the conversation has not shown its framing yet; inject once it has started');
    const p = book.prepare(ask.text, ask.to);
    if (!p.ok) return recording.injectRefused(ask.ref, p.error);
    const frame = chosen === 'newline' ? encodeNewline(p.body) : encodeContentLength(p.body);
    const refused = splice.inject(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength), ask.ref);
    if (refused) {
      book.forget(ask.to, p.ids);
      recording.injectRefused(ask.ref, refused);
    }
  });
  return { toServer, toClient };
}
