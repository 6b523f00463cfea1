/**
 * A finding's spec sentence by reference: where it is the sentence the rule table gives for its
 * rule, the store's body (server/store/event-json.ts) and the bridge's frames carry this mark in
 * its place, and the reader puts the table's sentence back (the same string object for every
 * finding of a rule, so the page holds one copy). Most findings of a busy session are such; a
 * dialect's own sentences travel as they are.
 */
import type { Finding } from '../../session/types';
import { RULES } from './table';

/** Stands for "the rule table's sentence" (no quoted sentence is a lone NUL). */
export const SPEC_BY_RULE = '\u0000';

/** Puts the table's sentences back where the mark stands, in place. */
export function restoreSpecRefs(list: Finding[] | undefined): void {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    if (f && f.spec === SPEC_BY_RULE) f.spec = RULES.get(f.rule)?.spec ?? '';
  }
}
