/**
 * An entry as the page holds it for every row: everything but its wire text. A 100k-entry session
 * would otherwise keep ~400 bytes of text per row (issue 11: ≤ 150 bytes an entry); the page
 * keeps the text of recent and shown entries in a bounded cache and fetches the rest when a row is
 * shown or opened (components/stores/entry-texts.ts). A full TrafficEvent is an EntryRow too, so
 * the HTML export's viewer and the server pass theirs unchanged.
 */
import type { TrafficEvent } from '../session/types';

export type EntryRow = Omit<TrafficEvent, 'raw' | 'rawBase64'>;

/** The wire text of an entry, when the caller has it (undefined: not known here, not empty). */
export type RawOf = (ev: EntryRow) => string | undefined;

/** The default: a full event carries its own text; a page row has none. */
export const ownRaw: RawOf = (ev) => (ev as Partial<TrafficEvent>).raw;
