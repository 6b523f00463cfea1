/**
 * Which OpenRPC documents each live session has, wired into its pipeline (error catalog + checks),
 * remembered per target in the store and attached again when a session to that target opens.
 * Also carries `rpc.discover` calls: the request goes through the session like any other (so it
 * is in the timeline), and its answer is picked out of the traffic by its id.
 */
import { createOpenRpcCheck } from '../../lib/openrpc/check';
import { openRpcCatalog } from '../../lib/openrpc/catalog';
import { OpenRpcDocument, parseDocumentText } from '../../lib/openrpc/document';
import { OpenRpcSet } from '../../lib/openrpc/set';
import { targetKey } from '../../lib/openrpc/target-key';
import type { DocumentSource } from '../../lib/openrpc/types';
import type { MessageCheckInput } from '../../lib/session/pipeline';
import type { SessionSummary, TargetSpec } from '../../lib/session/types';
import { HttpError } from '../api';
import type { SessionManager } from '../session/manager';
import type { Store } from '../store';

interface Waiter {
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

interface Attached {
  key: string;
  set: OpenRpcSet;
  waiters: Map<string, Waiter>;
}

const DISCOVER_TIMEOUT_MS = 15_000;
const LOADED_CACHE = 32;

export class OpenRpcSessions {
  private readonly attached = new Map<string, Attached>();
  /** Live sessions already looked at for remembered documents. */
  private readonly seen = new Set<string>();
  private discoverCount = 0;
  /** Documents already parsed and compiled, so listing a past session does not compile them again. */
  private readonly loaded = new Map<string, OpenRpcDocument>();
  private readonly unlisten: () => void;

  constructor(
    private readonly manager: SessionManager,
    private readonly store: Store,
  ) {
    this.unlisten = manager.listen({ events: () => undefined, patches: () => undefined, summary: (s) => this.onSummary(s) });
  }

  close(): void {
    this.unlisten();
    for (const id of [...this.attached.keys()]) this.detach(id, 'the server is stopping');
  }

  /** The documents of a session: attached (live) or remembered for its target (past sessions). */
  set(sessionId: string, target: TargetSpec): OpenRpcSet {
    return this.attached.get(sessionId)?.set ?? new OpenRpcSet(this.remembered(targetKey(target)));
  }

  /** Attaches (to a live session) and remembers (for its target) one more document. */
  add(sessionId: string, target: TargetSpec, doc: OpenRpcDocument): OpenRpcSet {
    const key = targetKey(target);
    this.store.openrpc.save(key, { docId: doc.id, source: doc.source, text: JSON.stringify(doc.raw) });
    const state = this.attached.get(sessionId);
    if (state) {
      const docs = state.set.documents.slice();
      // The same content loaded again keeps its place (its precedence).
      const at = docs.findIndex((d) => d.id === doc.id);
      if (at >= 0) docs[at] = doc;
      else docs.push(doc);
      this.apply(sessionId, state, new OpenRpcSet(docs));
      return state.set;
    }
    const docs = this.remembered(key);
    if (this.manager.getLive(sessionId)?.isOpen) {
      const next = this.ensure(sessionId, key);
      this.apply(sessionId, next, new OpenRpcSet(docs));
      return next.set;
    }
    return new OpenRpcSet(docs);
  }

  /** Forgets a document for the target and detaches it from the live session. False when there was none. */
  remove(sessionId: string, target: TargetSpec, docId: string): boolean {
    const removed = this.store.openrpc.remove(targetKey(target), docId);
    const state = this.attached.get(sessionId);
    if (!state) return removed;
    const had = state.set.documents.some((d) => d.id === docId);
    if (had) this.apply(sessionId, state, new OpenRpcSet(state.set.documents.filter((d) => d.id !== docId)));
    return removed || had;
  }

  /** Sends `rpc.discover` through the session and resolves with the answer's `result`. */
  async discover(sessionId: string, timeoutMs = DISCOVER_TIMEOUT_MS): Promise<unknown> {
    const live = this.manager.getLive(sessionId);
    if (!live?.isOpen) throw new HttpError(409, 'this session is not live: connect again to call rpc.discover');
    const state = this.ensure(sessionId, targetKey(live.target));
    const id = `rpcscope-discover-${++this.discoverCount}`;
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        state.waiters.delete(id);
        reject(new HttpError(504, `no answer to rpc.discover within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      timer.unref();
      state.waiters.set(id, { resolve, reject, timer });
    });
    try {
      await live.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'rpc.discover' }));
    } catch (err) {
      const w = state.waiters.get(id);
      if (w) {
        clearTimeout(w.timer);
        state.waiters.delete(id);
      }
      throw new HttpError(502, `rpc.discover could not be sent: ${(err as Error).message}`);
    }
    return answer;
  }

  private remembered(key: string): OpenRpcDocument[] {
    const out: OpenRpcDocument[] = [];
    for (const r of this.store.openrpc.list(key)) {
      const source = asSource(r.source);
      // The id is a hash of the content: a cached document is the same document.
      const cacheKey = `${r.docId} ${JSON.stringify(source)}`;
      let doc = this.loaded.get(cacheKey);
      if (!doc) {
        const parsed = parseDocumentText(r.text);
        if (!parsed.ok) continue;
        doc = OpenRpcDocument.load(parsed.value, source).compileAll();
        this.loaded.set(cacheKey, doc);
        if (this.loaded.size > LOADED_CACHE) this.loaded.delete(this.loaded.keys().next().value!);
      }
      out.push(doc);
    }
    return out;
  }

  private ensure(sessionId: string, key: string): Attached {
    let state = this.attached.get(sessionId);
    if (!state) {
      state = { key, set: new OpenRpcSet([]), waiters: new Map() };
      this.attached.set(sessionId, state);
      this.seen.add(sessionId);
      this.apply(sessionId, state, state.set);
    }
    return state;
  }

  private apply(sessionId: string, state: Attached, set: OpenRpcSet): void {
    state.set = set;
    const live = this.manager.getLive(sessionId);
    if (!live) return;
    const check = createOpenRpcCheck(set);
    live.setOpenRpc(set.size ? [openRpcCatalog(set)] : [], (input) => {
      if (state.waiters.size) this.pickDiscoverAnswer(state, input);
      return check(input);
    });
  }

  private pickDiscoverAnswer(state: Attached, { dir, classified }: MessageCheckInput): void {
    if (dir !== 'in' || typeof classified.id !== 'string') return;
    const waiter = state.waiters.get(classified.id);
    if (!waiter) return;
    const msg = classified.value as { result?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
    if (classified.kind === 'response' && msg && 'result' in msg) {
      this.settle(state, classified.id, () => waiter.resolve(msg.result));
    } else if (classified.kind === 'error' && msg?.error) {
      const { code, message } = msg.error;
      this.settle(state, classified.id, () => waiter.reject(new HttpError(502, `rpc.discover answered with error ${String(code)}${typeof message === 'string' ? ` "${message.slice(0, 200)}"` : ''}`)));
    }
  }

  private settle(state: Attached, id: string, fn: () => void): void {
    const w = state.waiters.get(id);
    if (!w) return;
    clearTimeout(w.timer);
    state.waiters.delete(id);
    fn();
  }

  private onSummary(summary: SessionSummary): void {
    const id = summary.id;
    if (summary.status === 'closed' || summary.status === 'failed') {
      this.detach(id, `the session ${summary.status === 'failed' ? 'failed' : 'closed'}`);
      this.seen.delete(id);
      return;
    }
    if (summary.status !== 'open' || this.seen.has(id)) return;
    this.seen.add(id);
    const live = this.manager.getLive(id);
    if (!live) return;
    const key = targetKey(live.target);
    let docs: OpenRpcDocument[];
    try {
      docs = this.remembered(key);
    } catch {
      return; // A store problem must not break the session; the documents can be loaded by hand.
    }
    if (docs.length === 0) return;
    const state = this.ensure(id, key);
    this.apply(id, state, new OpenRpcSet(docs));
  }

  private detach(id: string, why: string): void {
    const state = this.attached.get(id);
    if (!state) return;
    for (const [, w] of state.waiters) {
      clearTimeout(w.timer);
      w.reject(new HttpError(409, `rpc.discover got no answer: ${why}`));
    }
    this.attached.delete(id);
  }
}

function asSource(v: unknown): DocumentSource {
  const s = (typeof v === 'object' && v !== null ? v : {}) as Partial<DocumentSource>;
  const kind = s.kind === 'file' || s.kind === 'url' || s.kind === 'discover' ? s.kind : 'paste';
  const out: DocumentSource = { kind };
  if (typeof s.url === 'string') out.url = s.url;
  if (typeof s.name === 'string') out.name = s.name;
  return out;
}
