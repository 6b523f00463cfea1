/**
 * OpenRPC documents remembered per target, so the next session to the same target gets them
 * attached without loading them again. Keyed by `targetKey(target)`; kept in the order loaded
 * (earlier documents win a name both declare). Loading the same content again keeps its place.
 */
import type { Db } from './db';
import { StoreError, isoNow } from './errors';

export interface RememberedDocument {
  docId: string;
  /** JSON of the DocumentSource ({ kind, url?, name? }). */
  source: unknown;
  /** The document as JSON text. */
  text: string;
  addedAt: string;
}

export const OPENRPC_LIMITS = { documentsPerTarget: 16, documentChars: 5 * 1024 * 1024, keyChars: 8192 } as const;

interface Row {
  doc_id: string;
  source: string;
  document: string;
  added_at: string;
}

export class OpenRpcRepo {
  constructor(private readonly db: Db) {}

  list(targetKey: string): RememberedDocument[] {
    const rows = this.db
      .prepare('SELECT doc_id, source, document, added_at FROM openrpc_documents WHERE target_key = ? ORDER BY position, added_at')
      .all(targetKey) as Row[];
    return rows.map((r) => ({ docId: r.doc_id, source: safeParse(r.source), text: r.document, addedAt: r.added_at }));
  }

  /** Adds a document (or refreshes the one with the same id, keeping its place). */
  save(targetKey: string, doc: { docId: string; source: unknown; text: string }): void {
    if (targetKey.length > OPENRPC_LIMITS.keyChars) throw new StoreError('invalid', 'target is too long to remember documents for');
    if (doc.text.length > OPENRPC_LIMITS.documentChars) throw new StoreError('invalid', 'the document is larger than 5 MiB');
    this.db.transaction(() => {
      const existing = this.db.prepare('SELECT position FROM openrpc_documents WHERE target_key = ? AND doc_id = ?').get(targetKey, doc.docId) as
        | { position: number }
        | undefined;
      const source = JSON.stringify(doc.source ?? {});
      if (existing) {
        this.db.prepare('UPDATE openrpc_documents SET source = ?, document = ? WHERE target_key = ? AND doc_id = ?').run(source, doc.text, targetKey, doc.docId);
        return;
      }
      const { n, last } = this.db.prepare('SELECT COUNT(*) AS n, COALESCE(MAX(position), -1) AS last FROM openrpc_documents WHERE target_key = ?').get(targetKey) as {
        n: number;
        last: number;
      };
      if (n >= OPENRPC_LIMITS.documentsPerTarget) {
        throw new StoreError('conflict', `at most ${OPENRPC_LIMITS.documentsPerTarget} OpenRPC documents per target: remove one first`);
      }
      this.db
        .prepare('INSERT INTO openrpc_documents (target_key, doc_id, position, source, document, added_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(targetKey, doc.docId, last + 1, source, doc.text, isoNow());
    }).immediate();
  }

  /** True when there was such a document. */
  remove(targetKey: string, docId: string): boolean {
    return this.db.prepare('DELETE FROM openrpc_documents WHERE target_key = ? AND doc_id = ?').run(targetKey, docId).changes > 0;
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
