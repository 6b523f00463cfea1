/**
 * Intercepting through the HTTP/WebSocket tap (issue 12 item 5), on the conversation thread: the
 * same Holder, asks, marks and reports as the stdio tap (intercept-core.ts), with one lane per
 * place order must be kept: a client POST (`post:N`, held whole before it goes upstream), a plain
 * JSON reply (`reply:N`, held before it goes back), an SSE reply (`sse:N`, held at an event's
 * edge; later events of that stream wait behind it, other streams flow) and each relayed
 * WebSocket's direction (`ws:N:out|in`, a text frame is a message). While no breakpoint is set and
 * nothing waits in a lane, the relays take their usual path and this is not asked (proxy-http.ts,
 * proxy-ws.ts call in at one point each; proxy-intercept-http.ts and sse-gate.ts hold the HTTP
 * halves). A message that reaches a lane is recorded when it arrives — a held one through the
 * `held-message` op, so its entry is marked — and written when the holder releases it.
 */
import WebSocket from 'ws';
import type { Release } from '../../lib/intercept/holder';
import type { Side } from '../../lib/intercept/breakpoints';
import { decodeUtf8 } from '../transports/text';
import { InterceptCore } from './intercept-core';
import type { HeldMessageCopy } from './intercept-ops';
import type { RecordingClient } from './recording-client';

/** What waits in a lane: how to write it once released (`r.how` says unchanged, edited or not at all). */
export interface LaneItem {
  release(r: Release<LaneItem>): void;
}

export class ProxyInterceptor extends InterceptCore<LaneItem> {
  private readonly resume = new Map<string, (() => void)[]>();
  private readonly empty = new Map<string, (() => void)[]>();

  constructor(private readonly recording: RecordingClient) {
    super((op) => recording.intercept(op));
    recording.onIntercept((ask) => this.ask(ask));
  }

  /** Breakpoints are on (so a new POST or reply is read whole and offered). */
  get on(): boolean {
    return this.holder.on;
  }

  /** `lane` must go through here: breakpoints are on, or something waits in it. */
  gates(lane: string): boolean {
    return this.holder.on || this.holder.waiting(lane);
  }

  waiting(lane: string): boolean {
    return this.holder.waiting(lane);
  }

  /** Too much waits in `lane`: its reader should pause until `onDrain`. */
  full(lane: string): boolean {
    return this.holder.full(lane);
  }

  onDrain(lane: string, go: () => void): void {
    this.listen(this.resume, lane, go);
  }

  /** Calls `go` once nothing waits in `lane` (now, when nothing does). */
  whenEmpty(lane: string, go: () => void): void {
    if (!this.holder.waiting(lane)) go();
    else this.listen(this.empty, lane, go);
  }

  /**
   * A whole message arrived in `lane`: recorded now (marked held when a breakpoint holds it),
   * written by `item` when nothing waits ahead of it and no breakpoint holds it, else later.
   */
  offer(lane: string, item: LaneItem, copy: HeldMessageCopy, bytes: number): void {
    if (!this.holder.on) return this.after(lane, item, bytes, copy);
    const { out, held } = this.holder.offer(copy.side, item, bytes, copy.body, copy.body, lane);
    if (held) {
      this.post({ op: 'held-message', message: copy, frame: held });
      this.postState(0);
    } else {
      this.record(copy);
      if (this.holder.waiting(lane)) this.scheduleState();
    }
    this.write(out);
  }

  /** Something no breakpoint may hold (a binary frame, an event without data, a body too large): behind what waits in `lane`, or now. */
  after(lane: string, item: LaneItem, bytes: number, copy?: HeldMessageCopy): void {
    if (copy) this.record(copy);
    this.write(this.holder.after(lane, item, bytes));
  }

  /** The connection of `lane` ended: what waits there goes (held ones marked released; writes to a closed side do nothing). */
  releaseLane(lane: string): void {
    if (this.holder.waiting(lane)) this.write(this.holder.releaseLane(lane));
  }

  /** The tap stops: everything held is forwarded. */
  releaseAll(): void {
    if (!this.holder.anyWaiting) return;
    this.write(this.holder.releaseAll());
    this.postState(0);
  }

  /**
   * A WebSocket frame from `from` to `to` in `lane`, while the lane gates: a text frame is a
   * message a breakpoint may hold (edited: sent as one text frame; dropped: never sent), a binary
   * one waits behind what is held. Returns false when the lane does not gate (the relay sends it).
   */
  wsFrame(lane: string, side: Side, bytes: Buffer, isBinary: boolean, from: WebSocket, to: WebSocket, conn?: number): boolean {
    if (!this.gates(lane)) return false;
    const item: LaneItem = {
      release: (r) => {
        if (r.how === 'drop' || to.readyState !== WebSocket.OPEN) return;
        if (r.how === 'edit') to.send(r.text);
        else to.send(bytes, { binary: isBinary });
      },
    };
    if (isBinary) {
      const { text, rawBase64 } = decodeUtf8(bytes);
      this.after(lane, item, bytes.length, { side, body: text, extras: { ws: { conn, binary: true }, ...(rawBase64 ? { rawBase64 } : {}) } });
    } else this.offer(lane, item, { side, body: bytes.toString('utf8'), extras: conn !== undefined ? { ws: { conn } } : {} }, bytes.length);
    if (this.holder.full(lane)) {
      from.pause();
      this.onDrain(lane, () => from.resume());
    }
    return true;
  }

  private record(copy: HeldMessageCopy): void {
    this.recording.message(copy.side, copy.body, copy.extras, copy.exchange);
  }

  protected writeOne(r: Release<LaneItem>): string | undefined {
    r.payload.release(r);
    return undefined;
  }

  protected drained(): void {
    for (const [lane, gos] of this.resume) {
      if (this.holder.full(lane)) continue;
      this.resume.delete(lane);
      for (const go of gos) go();
    }
    for (const [lane, gos] of this.empty) {
      if (this.holder.waiting(lane)) continue;
      this.empty.delete(lane);
      for (const go of gos) go();
    }
  }

  private listen(map: Map<string, (() => void)[]>, lane: string, go: () => void): void {
    const list = map.get(lane);
    if (list) list.push(go);
    else map.set(lane, [go]);
  }
}
