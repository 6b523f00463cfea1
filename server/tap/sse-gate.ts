/**
 * An SSE reply through the proxy tap (a POST's event-stream answer, or the client's GET stream),
 * as a Transform between the target's reply and the client. It records each event as it arrives
 * (what relaySse does for other taps of a stream), and, while its lane gates (breakpoints on, or
 * an event of this stream held), cuts the stream at event edges and offers each event to the
 * interceptor: a held event holds the later events of this stream behind it; other streams flow.
 * Otherwise chunks pass on as they came (the same Buffer), before they are looked at. An edited
 * event keeps its other fields (`event:`, `id:`) and gets the new text as its data lines. The
 * stream to the client stays open until what waits in it is decided.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { HttpMeta } from '../../lib/session/types';
import { SseParser, type SseEvent } from '../transports/sse';
import { MAX_RECORDED_BODY } from './proxy-http';
import type { LaneItem, ProxyInterceptor } from './proxy-intercept';
import type { RecordingClient } from './recording-client';
import { sseEvent } from './sse-splice';
import { SseEdges } from './sse-edges';
import { CutUnit } from './cut-unit';

/** An event being cut that grows past this goes on as it is (and is not held). */
const MAX_CUT_EVENT = 16 * 1024 * 1024;

export class SseGate extends Transform {
  private readonly edges = new SseEdges();
  private readonly parser = new SseParser(MAX_RECORDED_BODY);
  private readonly decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  private readonly lane: string;
  private broken = false;
  private cutting = false;
  /** The event being cut (whole ones may be held). */
  private readonly unit = new CutUnit();

  constructor(
    private readonly intercept: ProxyInterceptor,
    private readonly recording: RecordingClient,
    private readonly meta: HttpMeta,
    private readonly exchange: number,
  ) {
    super();
    this.lane = `sse:${exchange}`;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (!this.cutting && (this.broken || !this.intercept.gates(this.lane))) {
      this.push(chunk);
      this.edges.feed(chunk);
      this.recordText(this.decoder.decode(chunk, { stream: true }));
      return done();
    }
    if (!this.cutting) {
      this.cutting = true;
      this.unit.start(this.edges.atEdge);
    }
    let from = 0;
    for (const edge of this.edges.feed(chunk)) {
      this.unit.add(chunk.subarray(from, edge));
      from = edge;
      this.eventEnded();
    }
    if (from < chunk.length) this.unit.add(chunk.subarray(from));
    if (this.unit.bytes > MAX_CUT_EVENT) this.passPartial();
    if (!this.unit.bytes && !this.intercept.gates(this.lane)) this.cutting = false;
    if (this.intercept.full(this.lane)) this.intercept.onDrain(this.lane, () => done());
    else done();
  }

  override _flush(done: TransformCallback): void {
    this.passPartial();
    const last = this.broken ? undefined : this.parser.end();
    if (last) this.record(last);
    // The client's stream ends only after what waits in it went on (or was dropped).
    this.intercept.whenEmpty(this.lane, () => done());
  }

  override _destroy(err: Error | null, done: (error?: Error | null) => void): void {
    // The client went away: nothing can be written here any more.
    this.intercept.releaseLane(this.lane);
    done(err);
  }

  private eventEnded(): void {
    const { bytes, whole } = this.unit.end();
    const events = this.parse(this.decoder.decode(bytes, { stream: true }));
    const item: LaneItem = {
      release: (r) => {
        if (r.how === 'drop' || this.destroyed || this.readableEnded) return;
        this.push(r.how === 'edit' ? edited(bytes, r.text) : bytes);
      },
    };
    const ev = events.length === 1 ? events[0] : undefined;
    if (whole && ev) return this.intercept.offer(this.lane, item, this.copyOf(ev), bytes.length);
    for (const e of events) this.record(e);
    this.intercept.after(this.lane, item, bytes.length);
  }

  private passPartial(): void {
    const bytes = this.unit.passOn();
    if (!bytes) return;
    for (const e of this.parse(this.decoder.decode(bytes, { stream: true }))) this.record(e);
    this.intercept.after(this.lane, { release: () => !this.destroyed && !this.readableEnded && this.push(bytes) }, bytes.length);
  }

  /** The events completed by `text` that carry data (as relaySse records them). */
  private parse(text: string): SseEvent[] {
    if (this.broken) return [];
    try {
      return this.parser.push(text).filter((e) => e.data !== '');
    } catch (err) {
      this.broken = true;
      this.recording.note(`the event stream is no longer recorded: ${(err as Error).message}; it still passes through`, { http: this.meta }, this.exchange);
      return [];
    }
  }

  private recordText(text: string): void {
    for (const e of this.parse(text)) this.record(e);
  }

  private record(ev: SseEvent): void {
    const c = this.copyOf(ev);
    this.recording.message(c.side, c.body, c.extras, c.exchange);
  }

  private copyOf(ev: SseEvent) {
    const sse = { ...(ev.event !== undefined ? { event: ev.event } : {}), ...(ev.id !== undefined ? { id: ev.id } : {}) };
    return { side: 'in' as const, body: ev.data, extras: { http: { ...this.meta, sse } }, exchange: { id: this.exchange } };
  }
}

/** The event with `text` as its data: its other fields kept, in order, then the new data lines. */
export function edited(event: Buffer, text: string): Buffer {
  const kept = event
    .toString('utf8')
    .split(/\r\n|\r|\n/)
    .filter((line) => line !== '' && !/^data(:|$)/.test(line));
  return Buffer.concat([Buffer.from(kept.map((l) => `${l}\n`).join(''), 'utf8'), sseEvent(text)]);
}
