/**
 * What the page asks the server about entries whose wire text it does not hold (issue 11: the page
 * keeps a compact row per entry and fetches the text when it is shown or opened). Shapes and
 * limits live here once; lib/api/routes.ts names the routes, server/routes/entries.ts serves them.
 */
import { z } from 'zod';

/** Rows on screen plus overscan are a few dozen; a page of texts stays far below this. */
export const MAX_TEXTS_PER_ASK = 1000;
/** A query has a handful of free words; each is a search, not a document. */
export const MAX_SEARCH_TERMS = 8;
export const MAX_SEARCH_CHARS = 1000;

export const EntryTextsBodySchema = z.strictObject({
  seqs: z.array(z.number().int().positive()).min(1).max(MAX_TEXTS_PER_ASK, `at most ${MAX_TEXTS_PER_ASK} entries at once`),
});

/** One entry's wire text as the page shows it (the session's secrets masked). */
export interface EntryText {
  seq: number;
  raw: string;
  /** Present only when the bytes were not valid UTF-8 (then `raw` is a lossy rendering). */
  rawBase64?: string;
  /** The secret variables this copy masked (lib/redaction/display-mask.ts). */
  masked?: string[];
}

export const SearchBodySchema = z.strictObject({
  /** The query's free words, each searched as the timeline filter does (lib/timeline/filter.ts `textMatcher`). */
  texts: z.array(z.string().min(1).max(MAX_SEARCH_CHARS, `a search word is at most ${MAX_SEARCH_CHARS} characters`))
    .min(1).max(MAX_SEARCH_TERMS, `at most ${MAX_SEARCH_TERMS} search words at once`),
  /** Search only entries after this seq (the page asks again for what arrived since its last answer). */
  sinceSeq: z.number().int().nonnegative().optional(),
  /**
   * Only the entries that hold every word, as one list (the page asks so when the query needs all of
   * its words: a word found in nearly every entry then sends no million seqs).
   */
  every: z.boolean().optional(),
});

export interface SearchAnswer {
  /** Every recorded entry up to this seq was searched (later ones are not yet in the store). */
  through: number;
  /**
   * For each text, in the order asked, the seqs of the entries whose wire text or note contains it;
   * asked with `every`, one list: the entries that contain every text.
   */
  hits: number[][];
}
