/**
 * OpenRPC documents of a session:
 *
 *   GET    /api/sessions/:id/openrpc          → { documents, methods, live }
 *   POST   /api/sessions/:id/openrpc          { document: object|string, name? } | { url } | { discover: true }
 *                                             → { added, documents, methods, live }
 *   DELETE /api/sessions/:id/openrpc/:docId   → { documents, methods, live }
 *
 * A loaded document is validated (its problems come back in plain words, and it is attached
 * anyway), attached to the live session (error decoding and traffic checks) and remembered for
 * the session's target, so the next session to that target gets it without asking.
 */
import { MAX_DOCUMENT_BYTES, OpenRpcDocument, parseDocumentText } from '../../lib/openrpc/document';
import { API } from '../../lib/api/routes';
import type { OpenRpcSet } from '../../lib/openrpc/set';
import type { DocumentSource } from '../../lib/openrpc/types';
import { ApiRouter, HttpError } from '../api';
import type { SessionManager } from '../session/manager';
import { StoreError, type Store } from '../store';
import { fetchDocumentText } from './openrpc-fetch';
import { OpenRpcSessions } from './openrpc-sessions';

const MAX_NAME = 200;

export function openRpcRoutes(router: ApiRouter, manager: SessionManager, store: Store): OpenRpcSessions {
  const sessions = new OpenRpcSessions(manager, store);
  const summaryOr404 = (id: string) => {
    const s = manager.summary(id);
    if (!s) throw new HttpError(404, `no session ${id}`);
    return s;
  };
  const listing = (id: string, set: OpenRpcSet) => ({
    documents: set.summaries().map((summary, i) => ({ ...summary, document: set.documents[i].raw })),
    methods: set.methodList(),
    live: manager.getLive(id)?.isOpen === true,
  });

  router
    .on(API.listOpenRpc, ({ params }) => {
      const summary = summaryOr404(params.id);
      return listing(params.id, sessions.set(params.id, summary.target));
    })
    .on(API.addOpenRpc, async ({ params, body }) => {
      const summary = summaryOr404(params.id);
      const { value, source } = await loadBody(await body(), params.id, sessions, summary.target);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new HttpError(400, `that is not an OpenRPC document: it must be a JSON object (it is ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`})`);
      }
      const doc = OpenRpcDocument.load(value, source).compileAll();
      let set: OpenRpcSet;
      try {
        set = sessions.add(params.id, summary.target, doc);
      } catch (err) {
        if (err instanceof StoreError) throw new HttpError(err.code === 'conflict' ? 409 : 400, err.message);
        throw err;
      }
      const added = set.summaries().find((d) => d.id === doc.id) ?? doc.summary();
      return { added, ...listing(params.id, set) };
    })
    .on(API.removeOpenRpc, ({ params }) => {
      const summary = summaryOr404(params.id);
      if (!sessions.remove(params.id, summary.target, params.docId)) throw new HttpError(404, `no OpenRPC document ${params.docId} for this session`);
      return listing(params.id, sessions.set(params.id, summary.target));
    });
  return sessions;
}

interface Loaded {
  value: unknown;
  source: DocumentSource;
}

async function loadBody(raw: unknown, sessionId: string, sessions: OpenRpcSessions, target: { kind: string }): Promise<Loaded> {
  const b = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const given = ['document', 'url', 'discover'].filter((k) => b[k] !== undefined);
  if (given.length !== 1) throw new HttpError(400, 'give exactly one of: document (the JSON, as an object or text), url (http or https), discover: true');
  const name = typeof b.name === 'string' && b.name.trim() ? b.name.trim().slice(0, MAX_NAME) : undefined;

  if (b.document !== undefined) {
    const source: DocumentSource = name ? { kind: 'file', name } : { kind: 'paste' };
    if (typeof b.document === 'string') return { value: parsed(b.document), source };
    if ((JSON.stringify(b.document)?.length ?? 0) > MAX_DOCUMENT_BYTES) throw new HttpError(413, 'the document is larger than 5 MiB');
    return { value: b.document, source };
  }
  if (b.url !== undefined) {
    if (typeof b.url !== 'string') throw new HttpError(400, 'url must be text: an http or https address');
    if (b.allowPrivate !== undefined && typeof b.allowPrivate !== 'boolean') throw new HttpError(400, 'allowPrivate must be true or false');
    const text = await fetchDocumentText(b.url, { allowPrivate: b.allowPrivate === true });
    return { value: parsed(text, `the document at ${b.url}`), source: { kind: 'url', url: b.url } };
  }
  if (b.discover !== true) throw new HttpError(400, 'discover must be true');
  const result = await sessions.discover(sessionId);
  if ((JSON.stringify(result)?.length ?? 0) > MAX_DOCUMENT_BYTES) throw new HttpError(413, 'the rpc.discover answer is larger than 5 MiB');
  const url = 'url' in target && typeof target.url === 'string' ? target.url : undefined;
  return { value: result, source: url ? { kind: 'discover', url } : { kind: 'discover' } };
}

function parsed(text: string, what = 'the document'): unknown {
  const r = parseDocumentText(text);
  if (!r.ok) throw new HttpError(r.error.includes('larger than') ? 413 : 400, r.error.replace(/^the document/, what));
  return r.value;
}
