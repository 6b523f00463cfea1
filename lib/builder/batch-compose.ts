/**
 * Batch editor entries → the exact array text to send. Auto ids are numbered in entry order from
 * the session's next id, so the preview shows exactly what goes on the wire.
 */
import { composeBatch, composeRequest, type ParamsMode } from './compose';
import { resolveId } from './ids';
import { checkJson, compactJson } from './json-text';

export type BatchEntryKind = 'request' | 'notification' | 'raw';

export interface BatchEntryDraft {
  kind: BatchEntryKind;
  method: string;
  paramsMode: ParamsMode;
  paramsText: string;
  /** Requests only: number from the session counter, or a custom JSON id. */
  idPolicy: 'auto' | 'custom';
  customId: string;
  /** Raw entries: any JSON value, for invalid-entry tests. */
  rawText: string;
}

export interface EntryComposed {
  ok: boolean;
  text?: string;
  error?: string;
  warnings: string[];
  /** The id text this entry carries (requests). */
  idText?: string;
}

export interface BatchComposed {
  entries: EntryComposed[];
  /** Set only when every entry composed. */
  text?: string;
  /** How many auto ids were used (the session counter advances by this after sending). */
  autoIdsUsed: number;
  errorCount: number;
}

export function composeBatchEntries(entries: readonly BatchEntryDraft[], firstAutoId: number): BatchComposed {
  let nextId = firstAutoId;
  let autoIdsUsed = 0;
  const out = entries.map((e): EntryComposed => {
    if (e.kind === 'raw') {
      const text = e.rawText.trim();
      if (text === '') return { ok: false, error: 'Raw entry is empty: type any JSON value', warnings: [] };
      const check = checkJson(text);
      if (!check.ok) return { ok: false, error: `Raw entry is not JSON: ${check.error} (a batch is one JSON array; send broken text from the builder's Raw mode)`, warnings: [] };
      return { ok: true, text: compactJson(text), warnings: [] };
    }
    let idText: string | undefined;
    const warnings: string[] = [];
    if (e.kind === 'request') {
      if (e.idPolicy === 'auto') {
        idText = String(nextId++);
        autoIdsUsed++;
      } else {
        const id = resolveId({ policy: 'custom', customText: e.customId, counter: 0, uuid: '' });
        if (!id.ok) return { ok: false, error: id.error, warnings: [] };
        idText = id.idText;
        if (id.warning) warnings.push(id.warning);
      }
    }
    const r = composeRequest({ method: e.method, paramsMode: e.paramsMode, paramsText: e.paramsText, idText });
    if (!r.ok) return { ok: false, error: r.error, warnings };
    return { ok: true, text: r.text, warnings: [...warnings, ...r.warnings], idText };
  });
  const errorCount = out.filter((e) => !e.ok).length;
  return {
    entries: out,
    text: errorCount === 0 ? composeBatch(out.map((e) => e.text as string)) : undefined,
    autoIdsUsed,
    errorCount,
  };
}

/** Ids used more than once among the entries (the spec does not forbid it, but replies become ambiguous). */
export function duplicateIds(composed: BatchComposed): Set<string> {
  const seen = new Map<string, number>();
  for (const e of composed.entries) if (e.idText !== undefined) seen.set(e.idText, (seen.get(e.idText) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([id]) => id));
}
