/**
 * The recording thread's half of intercepting (intercept-ops.ts): a held frame is recorded as it
 * arrived and its entry marked held by a patch; a decision patches what became of it; each state
 * the conversation thread posts becomes a report to the app (lib/intercept/wire.ts) with the seq
 * and text of every held frame. When the app goes away nobody can decide, so the conversation
 * thread is told to release everything.
 */
import type { HeldMessage, TapInterceptAsk, TapInterceptReport } from '../../lib/intercept/wire';
import { MAX_EDIT_CHARS } from '../../lib/intercept/wire';
import type { InterceptMark } from '../../lib/intercept/mark';
import type { TrafficEvent } from '../../lib/session/types';
import type { HeldMessageCopy, InterceptOp } from './intercept-ops';
import type { TapRecording } from './recording';

/** Records a whole message of the HTTP/WebSocket tap as its copies are (exchanges.ts pairs it with its exchange). */
export type RecordMessage = (m: HeldMessageCopy, injected: boolean) => TrafficEvent;

interface Known {
  seq: number;
  text?: string;
  bytes: number;
}

export class InterceptHost {
  private readonly known = new Map<number, Known>();
  private send: ((r: TapInterceptReport) => void) | null = null;

  constructor(
    private readonly recording: TapRecording,
    /** Hands an ask to the conversation thread. */
    private readonly toConversation: (ask: TapInterceptAsk) => void,
    private readonly record?: RecordMessage,
  ) {}

  /** The app's link (null: it went away — everything held is released, since nobody can decide). */
  connected(send: ((r: TapInterceptReport) => void) | null): void {
    this.send = send;
    if (!send && this.known.size) this.toConversation({ type: 'intercept', ref: 0, action: 'release-all' });
  }

  asked(ask: TapInterceptAsk): void {
    this.toConversation(ask);
  }

  op(op: InterceptOp): void {
    switch (op.op) {
      case 'held': {
        const bytes = Buffer.from(op.chunk.buffer, op.chunk.byteOffset, op.chunk.byteLength);
        const before = this.recording.summary.lastSeq;
        this.recording.bytes(op.side, bytes);
        const seq = this.recording.summary.lastSeq > before ? before + 1 : 0;
        const text = bodyText(bytes);
        this.known.set(op.frame.hold, { seq, bytes: bytes.length, ...(text.length <= MAX_EDIT_CHARS ? { text } : {}) });
        if (seq) this.mark(seq, { state: 'held', hold: op.frame.hold, since: op.frame.since });
        return;
      }
      case 'held-message': {
        const e = this.record?.(op.message, false);
        const seq = e?.seq ?? 0;
        const text = op.message.body;
        this.known.set(op.frame.hold, { seq, bytes: Buffer.byteLength(text), ...(text.length <= MAX_EDIT_CHARS ? { text } : {}) });
        if (seq) this.mark(seq, { state: 'held', hold: op.frame.hold, since: op.frame.since });
        return;
      }
      case 'drop-answer':
        this.record?.(op.message, true);
        return;
      case 'decided': {
        const k = this.known.get(op.hold);
        this.known.delete(op.hold);
        if (!k?.seq) return;
        const base = { hold: op.hold, heldMs: op.heldMs };
        if (op.how === 'edit') this.mark(k.seq, { state: 'edited', ...base, sent: op.sent ?? '' });
        else if (op.how === 'drop') this.mark(k.seq, { state: 'dropped', ...base });
        else this.mark(k.seq, { state: 'forwarded', ...base, ...(op.released ? { released: true } : {}) });
        return;
      }
      case 'intercept-state': {
        // Entries and their patches go out before the report, so the page finds the seqs it names.
        this.recording.flush();
        const held: HeldMessage[] = op.held.map((h) => {
          const k = this.known.get(h.hold);
          return { ...h, seq: k?.seq ?? 0, bytes: k?.bytes ?? 0, ...(k?.text !== undefined ? { text: k.text } : {}) };
        });
        this.send?.({ type: 'intercept-report', ref: op.ref, on: op.on, breakpoints: op.breakpoints, held, ...(op.error ? { error: op.error } : {}) });
        return;
      }
      default: {
        const never: never = op;
        throw new Error(`unknown intercept op ${JSON.stringify(never)}`);
      }
    }
  }

  private mark(seq: number, intercept: InterceptMark): void {
    this.recording.patch([{ seq, intercept }]);
  }
}

/** The JSON text of a frame the tap cut (after a Content-Length header block, or the line). */
function bodyText(frame: Buffer): string {
  const end = frame.indexOf('\r\n\r\n');
  const looksFramed = end >= 0 && /^content-length/i.test(frame.subarray(0, Math.min(end, 32)).toString('latin1').trimStart());
  return (looksFramed ? frame.subarray(end + 4) : frame).toString('utf8').replace(/\r?\n$/, '');
}
