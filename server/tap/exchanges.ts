/**
 * HTTP exchanges of a proxy tap, on the recording side: the proxy names each exchange by its own
 * number; this remembers the seq its request got and its last reply, so replies carry
 * `http.requestSeq` (pairing as in an HTTP session) and an exchange that ended without an answer
 * settles its request by a note that says what happened.
 */
import type { WireExtras } from '../../lib/session/pipeline';
import type { TrafficEvent } from '../../lib/session/types';
import type { ExchangeRef } from './recording-ops';
import type { Side, TapRecording } from './recording';

interface Exchange {
  seq?: number;
  call: boolean;
  last?: TrafficEvent;
}

export class TapExchanges {
  private readonly open = new Map<number, Exchange>();

  constructor(private readonly recording: TapRecording) {}

  message(side: Side, body: string, extras: WireExtras, ref?: ExchangeRef, injected = false): TrafficEvent {
    if (!ref) return this.recording.message(side, body, extras, injected);
    const x = this.exchange(ref.id);
    if (ref.opens) {
      const e = this.recording.message(side, body, extras, injected);
      x.seq = e.seq;
      x.call = e.kind === 'request' || e.kind === 'batch';
      return e;
    }
    x.last = this.recording.message(side, body, this.withRequest(x, extras), injected);
    return x.last;
  }

  note(text: string, extras: WireExtras, id?: number): void {
    if (id === undefined) {
      this.recording.noteEvent(text, extras);
      return;
    }
    const x = this.exchange(id);
    x.last = this.recording.noteEvent(text, this.withRequest(x, extras));
  }

  end(id: number, failed: boolean, why: string, extras: WireExtras): void {
    const x = this.open.get(id);
    this.open.delete(id);
    const needsNote = failed || (x?.call && !x.last);
    const by = needsNote ? this.recording.noteEvent(why, x ? this.withRequest(x, extras) : extras) : x?.last;
    if (x?.call && x.seq !== undefined && by) this.recording.exchangeEnded(x.seq, by, failed);
  }

  private exchange(id: number): Exchange {
    let x = this.open.get(id);
    if (!x) {
      x = { call: false };
      this.open.set(id, x);
    }
    return x;
  }

  private withRequest(x: Exchange, extras: WireExtras): WireExtras {
    if (x.seq === undefined || !extras.http) return extras;
    return { ...extras, http: { ...extras.http, requestSeq: x.seq } };
  }
}
