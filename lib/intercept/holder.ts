/**
 * The intercept engine, pure: frames of a tapped conversation are offered in the order they
 * arrive, per direction; while breakpoints are on, a frame a breakpoint matches is held under a
 * number, and the user forwards it (as it was, or edited) or drops it. Order is kept per
 * direction: a held frame holds every frame behind it in its direction (a JSON-RPC peer may rely
 * on the order it wrote, and a stream cannot be reordered safely), so a frame is released only
 * when everything ahead of it is decided. The other direction is not held up. Turning the
 * breakpoints off, or releaseAll (the tap or its app going away), forwards everything held.
 *
 * Order is kept per lane: a stdio tap has one lane per direction (the lane is the direction);
 * the HTTP/WebSocket tap has one per POST, reply, event stream and socket direction, so a held
 * POST holds up only itself and a held WebSocket frame only its socket's direction.
 *
 * Generic over the payload (the tap's Buffer), so lib/ stays free of Node types.
 */
import type { EventKind } from '../session/types';
import { Breakpoints, checkBreakpoints, type Side } from './breakpoints';
import type { InterceptAction } from './wire';

/** Held at once, over both directions; later matches wait behind them unheld (they go when those ahead do). */
export const MAX_HELD = 256;
/** Bytes waiting behind held frames in one direction past which the tap stops reading that side (backpressure). */
export const MAX_WAITING_BYTES = 32 * 1024 * 1024;

/** What the app is shown of one held frame. */
export interface HeldFrame {
  hold: number;
  dir: Side;
  kind: EventKind;
  method?: string;
  /** The JSON-RPC id as written, when it has one. */
  idText?: string;
  /** Wall-clock ms when it was held. */
  since: number;
  /** Frames (held or not) waiting behind it in its lane. */
  behind: number;
  /** Its lane (the direction in a stdio tap; a POST, reply, event stream or socket direction in the proxy tap): lib/intercept/words.ts words it. */
  lane: string;
}

/** A frame leaving the tap: written as it came (`pass`, `forward`), written edited, or not written (`drop`). */
export type Release<T> =
  | { how: 'pass'; payload: T }
  | { how: 'forward'; payload: T; hold: number; heldMs: number; released: boolean }
  | { how: 'edit'; payload: T; hold: number; heldMs: number; text: string }
  | { how: 'drop'; payload: T; hold: number; heldMs: number };

type Decision = { how: 'forward'; released: boolean } | { how: 'edit'; text: string } | { how: 'drop' };

interface Waiting<T> {
  payload: T;
  bytes: number;
  held?: HeldFrame & { decided?: Decision };
}


interface Lane<T> {
  queue: Waiting<T>[];
  bytes: number;
}

export class Holder<T> {
  private breakpoints: Breakpoints | null = null;
  /** Lanes with frames waiting (a lane with none is removed). */
  private readonly lanes = new Map<string, Lane<T>>();
  private readonly byHold = new Map<number, Waiting<T> & { lane: string }>();
  private next = 1;

  constructor(private readonly clock: () => number = Date.now) {}

  /** Breakpoints are on (at least one query). */
  get on(): boolean {
    return this.breakpoints !== null;
  }

  get queries(): readonly string[] {
    return this.breakpoints?.queries ?? [];
  }

  /** Frames wait in `lane` (so whatever comes next in it must wait too). */
  waiting(lane: string): boolean {
    return this.lanes.has(lane);
  }

  /** Frames wait in some lane. */
  get anyWaiting(): boolean {
    return this.lanes.size > 0;
  }

  /** Too many bytes wait in `lane`: stop reading that side until they drain. */
  full(lane: string): boolean {
    return (this.lanes.get(lane)?.bytes ?? 0) > MAX_WAITING_BYTES;
  }

  /**
   * New breakpoints (an empty list turns intercepting off and releases everything held). A list
   * with problems changes nothing and says what they are.
   */
  setBreakpoints(queries: readonly string[]): { ok: true; out: Release<T>[] } | { ok: false; error: string } {
    const problems = checkBreakpoints(queries);
    if (problems.length) {
      const p = problems[0];
      return { ok: false, error: `breakpoint ${p.index + 1}: ${p.diagnostics.map((d) => d.message).join('; ')}` };
    }
    const compiled = new Breakpoints(queries);
    this.breakpoints = compiled.empty ? null : compiled;
    return { ok: true, out: this.breakpoints ? [] : this.releaseAll() };
  }

  /**
   * A whole frame arrived in `dir` (`raw` its text, `body` its JSON text), in `lane` (its
   * direction, for a stdio tap). Returns what may be written now (the frame itself, or nothing
   * while frames wait ahead of it) and its hold number when a breakpoint held it.
   */
  offer(dir: Side, payload: T, bytes: number, raw: string, body: string, lane: string = dir): { out: Release<T>[]; held?: HeldFrame } {
    let held: HeldFrame | undefined;
    if (this.breakpoints && this.byHold.size < MAX_HELD) {
      const { hit, event } = this.breakpoints.test(dir, raw, body);
      const idText = event.idText ?? (event.id !== undefined ? JSON.stringify(event.id) : undefined);
      if (hit) held = { hold: this.next++, dir, kind: event.kind, since: this.clock(), behind: 0, lane, ...(event.method !== undefined ? { method: event.method } : {}), ...(idText !== undefined ? { idText } : {}) };
    }
    if (!held && !this.lanes.has(lane)) return { out: [{ how: 'pass', payload }] };
    const w: Waiting<T> = { payload, bytes, ...(held ? { held } : {}) };
    this.push(lane, w);
    if (held) this.byHold.set(held.hold, { ...w, lane });
    return { out: [], ...(held ? { held } : {}) };
  }

  /** Bytes that are no whole frame (a stream the tap could not follow), or nothing a breakpoint may hold: behind what waits, or now. */
  after(lane: string, payload: T, bytes: number): Release<T>[] {
    if (!this.lanes.has(lane)) return [{ how: 'pass', payload }];
    this.push(lane, { payload, bytes });
    return [];
  }

  /** Forward held frame `hold`, as it was or (with `text`) edited; returns what may be written now. */
  forward(hold: number, text?: string): { ok: true; out: Release<T>[] } | { ok: false; error: string } {
    return this.decide(hold, text === undefined ? { how: 'forward', released: false } : { how: 'edit', text });
  }

  drop(hold: number): { ok: true; out: Release<T>[] } | { ok: false; error: string } {
    return this.decide(hold, { how: 'drop' });
  }

  /** The app's ask carried out: what may be written now, or why nothing changed. */
  act(a: InterceptAction): { out: Release<T>[]; error?: string } {
    const r = (() => {
      switch (a.action) {
        case 'set': return this.setBreakpoints(a.breakpoints);
        // The text's size was checked where the ask came in (InterceptActionSchema).
        case 'forward': return this.forward(a.hold, a.text);
        case 'drop': return this.drop(a.hold);
        case 'release-all': return { ok: true as const, out: this.releaseAll() };
        default: {
          const never: never = a;
          return { ok: false as const, error: `unknown intercept action ${JSON.stringify(never)}` };
        }
      }
    })();
    return r.ok ? { out: r.out } : { out: [], error: r.error };
  }

  /** Everything held is forwarded unchanged (marked released), every lane, in order. */
  releaseAll(): Release<T>[] {
    for (const w of this.byHold.values()) w.held!.decided ??= { how: 'forward', released: true };
    return [...this.lanes.keys()].flatMap((lane) => this.drain(lane));
  }

  /** One lane's frames go (held ones forwarded, marked released): the connection it belonged to ended. */
  releaseLane(lane: string): Release<T>[] {
    for (const w of this.lanes.get(lane)?.queue ?? []) if (w.held) w.held.decided ??= { how: 'forward', released: true };
    return this.drain(lane);
  }

  /** What is held now, oldest first, with how many frames wait behind each. */
  held(): HeldFrame[] {
    const out: HeldFrame[] = [];
    for (const { queue: q } of this.lanes.values()) {
      q.forEach((w, i) => {
        if (w.held && !w.held.decided) out.push({ ...stripDecision(w.held), behind: q.length - i - 1 });
      });
    }
    return out.sort((a, b) => a.hold - b.hold);
  }

  private push(lane: string, w: Waiting<T>): void {
    let l = this.lanes.get(lane);
    if (!l) this.lanes.set(lane, (l = { queue: [], bytes: 0 }));
    l.queue.push(w);
    l.bytes += w.bytes;
  }

  private decide(hold: number, decision: Decision): { ok: true; out: Release<T>[] } | { ok: false; error: string } {
    const w = this.byHold.get(hold);
    if (!w || w.held!.decided) return { ok: false, error: `nothing is held as #${hold} (it may have been released already)` };
    w.held!.decided = decision;
    return { ok: true, out: this.drain(w.lane) };
  }

  /** Writes out, from the head of `lane`, every frame not waiting for a decision. */
  private drain(lane: string): Release<T>[] {
    const l = this.lanes.get(lane);
    if (!l) return [];
    const q = l.queue;
    const out: Release<T>[] = [];
    const now = this.clock();
    while (q.length && (!q[0].held || q[0].held.decided)) {
      const w = q.shift()!;
      l.bytes -= w.bytes;
      const h = w.held;
      if (!h) {
        out.push({ how: 'pass', payload: w.payload });
        continue;
      }
      this.byHold.delete(h.hold);
      const heldMs = Math.max(0, now - h.since);
      const d = h.decided!;
      if (d.how === 'forward') out.push({ how: 'forward', payload: w.payload, hold: h.hold, heldMs, released: d.released });
      else if (d.how === 'edit') out.push({ how: 'edit', payload: w.payload, hold: h.hold, heldMs, text: d.text });
      else out.push({ how: 'drop', payload: w.payload, hold: h.hold, heldMs });
    }
    if (!q.length) this.lanes.delete(lane);
    return out;
  }
}

function stripDecision(h: HeldFrame & { decided?: Decision }): HeldFrame {
  const { decided: _decided, ...rest } = h;
  return rest;
}
