/**
 * The stdio tap's two directions as splices (splice.ts) sharing one inject book (lib/inject):
 * the app's inject asks (over the /tap socket, through the recording thread) are checked, given
 * ids, framed like the conversation and written at the next frame edge of their direction; the
 * answers to them are cut out of the other direction. Every ask gets an answer: the entry's seq,
 * or why it was refused.
 */
import { encodeContentLength, encodeNewline } from '../../lib/framing';
import { InjectBook, type InjectTo } from '../../lib/inject/inject';
import type { DetectedFraming } from '../../lib/framing/auto';
import type { Framing } from '../../lib/session/types';
import type { TapInject } from '../../lib/session/tap-wire';
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
  // Injections queued until their direction's edges are known, with the ids to forget if they cannot go in.
  const waiting = new Map<number, { to: InjectTo; ids: Parameters<InjectBook['forget']>[1] }>();
  const refused = (ref: number, why: string) => {
    const w = waiting.get(ref);
    waiting.delete(ref);
    if (w) book.forget(w.to, w.ids);
    recording.injectRefused(ref, why);
  };
  const injected = (side: 'out' | 'in', frame: Buffer, ref: number) => {
    waiting.delete(ref);
    recording.injected(side, frame, ref);
  };
  // Answers to requests injected to the client come back in the client → server direction, and the reverse.
  const toServer = new Splice(framing, {
    copy: (b) => recording.bytes('out', b),
    injected: (frame, ref) => injected('out', frame, ref),
    awaits: () => book.awaits('client'),
    consumes: (body) => consumes(book, body, 'client'),
    // The recording thread follows the edges; this thread only while it cuts (splice.ts).
    edgesAt: (done) => recording.edgesAt('out', done),
    refused,
  });
  const toClient = new Splice(framing, {
    copy: (b) => recording.bytes('in', b),
    injected: (frame, ref) => injected('in', frame, ref),
    awaits: () => book.awaits('server'),
    consumes: (body) => consumes(book, body, 'server'),
    edgesAt: (done) => recording.edgesAt('in', done),
    refused,
  });
  const place = (ask: TapInject, chosen: DetectedFraming | null) => {
    if (!chosen) return recording.injectRefused(ask.ref, 'the conversation has not shown its framing yet; inject once it has started');
    const splice = ask.to === 'server' ? toServer : toClient;
    const p = book.prepare(ask.text, ask.to);
    if (!p.ok) return recording.injectRefused(ask.ref, p.error);
    const frame = chosen === 'newline' ? encodeNewline(p.body) : encodeContentLength(p.body);
    waiting.set(ask.ref, { to: ask.to, ids: p.ids });
    const no = splice.inject(Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength), ask.ref);
    if (no) refused(ask.ref, no);
  };
  recording.onInject((ask) => {
    const known = toServer.edges.framing ?? toClient.edges.framing;
    if (known) return place(ask, known);
    // Framing `auto` and the client has not spoken yet: the server's output, forwarded by its own
    // thread (forwarder.ts), went past the splice, but the recording thread has seen its framing.
    // The ask lasts until it is placed: handed back before, the forwarding thread wrote chunks to
    // the client ahead of the injected frame that the recording had after it.
    return new Promise<void>((resolve) => recording.edgesAt('in', (state) => {
      try {
        place(ask, toServer.edges.framing ?? toClient.edges.framing ?? state?.chosen ?? null);
      } finally {
        resolve();
      }
    }));
  });
  return { toServer, toClient };
}
