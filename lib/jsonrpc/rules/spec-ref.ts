/**
 * A finding's spec sentence by reference. Where it is the sentence the rule table gives for its
 * rule, the store's body (server/store/event-json.ts) and the bridge's frames carry SPEC_BY_RULE
 * in its place; where it is one of a dialect's sentences (lib/dialects/spec-sentences.ts), they
 * carry SPEC_BY_RULE followed by the sentence's name. The reader puts the sentence back (the same
 * string object for every finding of a rule, so the page holds one copy). Other sentences travel
 * as they are.
 */
import { dialectSpecName, dialectSpecText } from '../../dialects/spec-sentences';
import type { Finding } from '../../session/types';
import { RULES } from './table';

/** Stands for "the rule table's sentence"; followed by a name, for that dialect sentence (no quoted sentence starts with NUL). */
export const SPEC_BY_RULE = '\u0000';

/** The mark that stands for `f`'s sentence, or undefined when it travels as it is. */
export function specRefOf(f: Finding): string | undefined {
  const spec = f.spec;
  if (typeof spec !== 'string' || spec === '') return undefined;
  if (spec === RULES.get(f.rule)?.spec) return SPEC_BY_RULE;
  const name = dialectSpecName(spec);
  return name === undefined ? undefined : SPEC_BY_RULE + name;
}

/** The sentence a mark stands for (`spec` itself when it is no mark). */
export function specOfRef(rule: string, spec: string): string {
  if (spec.charCodeAt(0) !== 0) return spec;
  if (spec === SPEC_BY_RULE) return RULES.get(rule)?.spec ?? '';
  // A name this build does not know is left as it came: nothing is made up or dropped.
  return dialectSpecText(spec.slice(1)) ?? spec;
}

/** Marks, in place, the findings of `list` whose sentence goes by reference; returns how many (restoreSpecRefs puts them back). */
export function markSpecRefs(list: Finding[] | undefined): number {
  if (!Array.isArray(list)) return 0;
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    const ref = f ? specRefOf(f) : undefined;
    if (ref !== undefined) {
      f.spec = ref;
      n++;
    }
  }
  return n;
}

/** Puts the sentences back where a mark stands, in place. */
export function restoreSpecRefs(list: Finding[] | undefined): void {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const f = list[i];
    if (f && typeof f.spec === 'string' && f.spec.charCodeAt(0) === 0) f.spec = specOfRef(f.rule, f.spec);
  }
}
