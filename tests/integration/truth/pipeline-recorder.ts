/**
 * Feeds real exchanges through the MessagePipeline and keeps every event with its patches applied,
 * so a test reads the final state a user sees: pairing, state, findings, decoded error.
 */
import { MessagePipeline } from '@/lib/session/pipeline';
import type { EventPatch, TrafficEvent } from '@/lib/session/types';

export class PipelineRecorder {
  readonly pipeline: MessagePipeline;
  readonly events = new Map<number, TrafficEvent>();
  private readonly start = performance.now();

  constructor(timeoutMs = 60_000) {
    this.pipeline = new MessagePipeline({ timeoutMs });
  }

  now(): number {
    return performance.now() - this.start;
  }

  out(text: string): TrafficEvent {
    return this.take(this.pipeline.message('out', this.now(), Date.now(), text, text));
  }

  in(text: string): TrafficEvent {
    return this.take(this.pipeline.message('in', this.now(), Date.now(), text, text));
  }

  tick(t: number): void {
    this.apply(this.pipeline.tick(t));
  }

  ev(seq: number): TrafficEvent {
    const e = this.events.get(seq);
    if (!e) throw new Error(`no event ${seq}`);
    return e;
  }

  private take(out: { event: TrafficEvent; patches: EventPatch[] }): TrafficEvent {
    this.events.set(out.event.seq, out.event);
    this.apply(out.patches);
    return out.event;
  }

  private apply(patches: EventPatch[]): void {
    for (const p of patches) {
      const e = this.events.get(p.seq);
      if (e) Object.assign(e, p);
    }
  }
}

/** POSTs one body to a local HTTP JSON-RPC server and returns the reply body text ('' for none). */
export async function post(port: number, body: string): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(5000) });
  return r.text();
}
