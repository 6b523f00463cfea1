/**
 * Injecting into a tapped conversation (issue 12 item 4): the user sends a message to the server
 * as if from the client, or to the client as if from the server. Both real sides pick their own
 * request ids, so an injected request gets an id neither can have chosen (a string with our
 * prefix and a counter) and the book remembers it; the answer that comes back to it is the
 * tap's to consume — neither real side ever sees an answer to a request it did not send.
 * Notifications and responses go as written. Pure: the tap's conversation thread owns a book per
 * conversation and writes what `prepare` returns between two frames.
 */

/** Where an injected message goes: to the server (as if from the client) or to the client. */
export type InjectTo = 'server' | 'client';

export const INJECT_ID_PREFIX = 'rpcscope-inject-';
/** Largest message a user can inject (the composer's text, before framing). */
export const MAX_INJECT_BYTES = 1024 * 1024;
/** Injected requests still waiting for an answer; past this the oldest are forgotten. */
export const MAX_PENDING_INJECTED = 4096;

export type Prepared = { ok: true; body: string; ids: string[] } | { ok: false; error: string };

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRequest = (m: Obj) => typeof m.method === 'string' && 'id' in m;
const isResponse = (m: Obj) => !('method' in m) && ('result' in m || 'error' in m);

export class InjectBook {
  private next = 1;
  /** Pending injected ids, by the side that must answer them (insertion order = age). */
  private readonly pending: Record<InjectTo, Set<string>> = { server: new Set(), client: new Set() };

  /**
   * Checks the user's text and gives the body to write: requests get fresh ids (the user's own id,
   * if any, is replaced), everything else is kept as written. Nothing is remembered on an error.
   */
  prepare(text: string, to: InjectTo): Prepared {
    if (new TextEncoder().encode(text).length > MAX_INJECT_BYTES) return { ok: false, error: `an injected message is at most ${MAX_INJECT_BYTES} bytes` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      return { ok: false, error: `an injected message must be JSON: ${(err as Error).message}` };
    }
    const items = Array.isArray(parsed) ? parsed : [parsed];
    if (!items.length) return { ok: false, error: 'an injected batch needs at least one message' };
    const bad = items.findIndex((m) => !isObject(m) || m.jsonrpc !== '2.0' || !(typeof m.method === 'string' || isResponse(m)));
    if (bad >= 0) return { ok: false, error: `${Array.isArray(parsed) ? `batch item ${bad + 1}` : 'the message'} is not a JSON-RPC 2.0 request, notification or response` };
    const ids: string[] = [];
    const out = (items as Obj[]).map((m) => {
      if (!isRequest(m)) return m;
      const id = `${INJECT_ID_PREFIX}${this.next++}`;
      ids.push(id);
      return { ...m, id };
    });
    for (const id of ids) this.remember(to, id);
    // Unchanged text when no id was replaced: what the user wrote is what the peer reads.
    const body = ids.length ? JSON.stringify(Array.isArray(parsed) ? out : out[0]) : text;
    return { ok: true, body, ids };
  }

  /**
   * A message `from` one side: true when it answers only injected requests (then the tap consumes
   * it and forwards nothing). A batch that mixes answers to both is forwarded — it cannot arise,
   * as an injected request never joins a real batch.
   */
  consumes(message: unknown, from: InjectTo): boolean {
    const items = Array.isArray(message) ? message : [message];
    const book = this.pending[from];
    if (!items.length || !book.size) return false;
    const ours = items.every((m) => isObject(m) && isResponse(m) && typeof m.id === 'string' && book.has(m.id));
    if (ours) for (const m of items as Obj[]) book.delete(m.id as string);
    return ours;
  }

  /** Does an injected request wait for an answer from side `from`? (Cheap: asked for every chunk.) */
  awaits(from: InjectTo): boolean {
    return this.pending[from].size > 0;
  }

  /** The injected requests `ids` never went out (the tap could not write them): no answer will come. */
  forget(to: InjectTo, ids: readonly string[]): void {
    for (const id of ids) this.pending[to].delete(id);
  }

  /** Injected requests `to` a side not yet answered (the tap tells the user when it closes). */
  waiting(to: InjectTo): string[] {
    return [...this.pending[to]];
  }

  private remember(to: InjectTo, id: string): void {
    const book = this.pending[to];
    book.add(id);
    if (book.size > MAX_PENDING_INJECTED) book.delete(book.values().next().value as string);
  }
}
