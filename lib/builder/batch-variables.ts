/**
 * `{{variables}}` in the batch editor, the same way the request builder has them
 * (lib/builder/variables.ts): entries are checked with the placeholders standing in as `0`, so
 * `{"token":{{token}}}` is not called invalid JSON; the preview shows the filled-in text (secrets
 * as the page's mask); and the template, placeholders still in it, is what goes to the server to
 * be filled in with the real values.
 */
import { composeBatch, composeRequest } from './compose';
import { composeBatchEntries, type BatchComposed, type BatchEntryDraft } from './batch-compose';
import { compactJson } from './json-text';
import { lintableJson } from './variables';
import { referencedNames, substituteJsonText, type VariableLike } from '../variables';

export interface ResolvedBatch {
  /** Per-entry checks and ids, judged with placeholders standing in for values. */
  checked: BatchComposed;
  /** What to send or save: the batch with the placeholders still in it (set when every entry composed). */
  template?: string;
  /** The batch as it will go out, variables filled in and secrets masked (the "Will send" preview). */
  preview?: string;
  /** Variables used that the environment does not define, each once. */
  unknown: string[];
  /** Variables the batch uses at all. */
  used: string[];
}

const usesVars = (e: BatchEntryDraft) => (e.kind === 'raw' ? e.rawText.includes('{{') : e.paramsMode !== 'omit' && e.paramsText.includes('{{'));

export function resolveBatch(entries: readonly BatchEntryDraft[], firstAutoId: number, vars: readonly VariableLike[]): ResolvedBatch {
  if (!entries.some(usesVars)) {
    const checked = composeBatchEntries(entries, firstAutoId);
    return { checked, template: checked.text, preview: checked.text, unknown: [], used: [] };
  }
  const checked = composeBatchEntries(
    entries.map((e) => (usesVars(e) ? { ...e, paramsText: lintableJson(e.paramsText), rawText: lintableJson(e.rawText) } : e)),
    firstAutoId,
  );
  if (checked.text === undefined) return { checked, unknown: [], used: [] };
  const texts = entries.map((e, i) => {
    const done = checked.entries[i].text as string;
    if (!usesVars(e)) return done;
    if (e.kind === 'raw') return compactJson(e.rawText.trim());
    // params is the last member of a composed request: the same text without it, then the template's params.
    const head = composeRequest({ method: e.method, paramsMode: 'omit', paramsText: '', idText: checked.entries[i].idText });
    return head.ok ? `${head.text.slice(0, -1)},"params":${compactJson(e.paramsText.trim())}}` : done;
  });
  const template = composeBatch(texts);
  const used = referencedNames(template);
  const known = new Set(vars.map((v) => v.name));
  return { checked, template, preview: substituteJsonText(template, vars).text, unknown: used.filter((n) => !known.has(n)), used };
}
