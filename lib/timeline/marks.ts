/**
 * Small labelled marks beside an entry's method, shared by the app's timeline and inspector and
 * the HTML export's viewer, so every place says the same thing about the same entry. Today: what
 * rpcscope itself wrote into a tapped conversation (issue 12 item 4) and the answers to it that
 * the tap kept from the real side, and a message a breakpoint held that went on edited (issue 12:
 * held → edited → forwarded; the inspector shows what arrived and what was sent). Text only; each
 * renderer styles it.
 */
import type { EntryRow } from './row';
import type { SeqLookup } from './status';

export type MarkId = 'injected' | 'consumed' | 'edited';

export interface EntryMark {
  id: MarkId;
  /** The badge's word. */
  label: string;
  /** The tooltip: what it means for this entry. */
  title: string;
}

/** Which way the tap wrote it: `out` entries went to the server, `in` entries to the client. */
const INJECTED_TITLE: Record<'out' | 'in', string> = {
  out: 'Injected by rpcscope: written to the server as if from the client (the client never sent it)',
  in: 'Injected by rpcscope: written to the client as if from the server (the server never sent it)',
};
const CONSUMED_TITLE: Record<'out' | 'in', string> = {
  out: 'The client’s answer to a request rpcscope injected: recorded here, not passed on to the server',
  in: 'The server’s answer to a request rpcscope injected: recorded here, not passed on to the client',
};

const EDITED_TITLE: Record<'out' | 'in', string> = {
  out: 'Held by a breakpoint and forwarded edited: the server received the edited text, not what the client wrote (the inspector shows both)',
  in: 'Held by a breakpoint and forwarded edited: the client received the edited text, not what the server wrote (the inspector shows both)',
};

/** The marks an entry carries, in display order (usually none). */
export function entryMarks(ev: EntryRow, lookup: SeqLookup): EntryMark[] {
  if (ev.dir === 'meta') return [];
  if (ev.intercept?.state === 'edited') return [{ id: 'edited', label: 'edited', title: EDITED_TITLE[ev.dir] }];
  if (ev.injected) return [{ id: 'injected', label: 'injected', title: INJECTED_TITLE[ev.dir] }];
  if ((ev.kind === 'response' || ev.kind === 'error') && ev.pair !== undefined && lookup(ev.pair)?.injected) {
    return [{ id: 'consumed', label: 'consumed', title: CONSUMED_TITLE[ev.dir] }];
  }
  return [];
}
