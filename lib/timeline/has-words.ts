/**
 * The words of the filter's `has:` field, each with the test it stands for, in one table: the
 * parser accepts exactly these words, the `?` sheet lists them, and the filter runs their tests,
 * so a word cannot be offered without a test (or tested without being offered).
 */
import type { EntryRow } from './row';
import { Tag, eventTags, findingsCount, type SeqLookup } from './status';

export type RowTest = (ev: EntryRow, lookup: SeqLookup) => boolean;

export const HAS_TESTS = {
  findings: (ev) => findingsCount(ev) > 0,
  error: (ev, lookup) => (eventTags(ev, lookup) & Tag.ERROR) !== 0,
  pair: (ev) => ev.pair !== undefined,
  http: (ev) => ev.http !== undefined,
  items: (ev) => (ev.items?.length ?? 0) > 0,
  id: (ev) => ev.idText !== undefined || ev.id !== undefined,
  method: (ev) => ev.method !== undefined,
  injected: (ev) => ev.injected === true,
} as const satisfies Record<string, RowTest>;

export type HasName = keyof typeof HAS_TESTS;

export const HAS_NAMES = Object.keys(HAS_TESTS) as HasName[];

export const isHasName = (word: string): word is HasName => Object.hasOwn(HAS_TESTS, word);
