/**
 * The wire text of entries, kept apart from the timeline's rows (issue 11: page memory per entry).
 * A row (lib/timeline/row.ts) holds everything but the text; the text of what arrives on the bridge
 * is kept here within a budget of characters over all sessions, least recently used first out, so
 * a small session keeps all of it and a 100k-entry one keeps its newest and its shown entries.
 * What is not here is fetched by seq (POST /api/sessions/:id/texts, masked as the bridge would
 * send it) when a row is shown or an entry opened; readers re-render on `version`.
 * Not a zustand store: nothing here is state a component chooses, only a cache it reads.
 */
import { useSyncExternalStore } from 'react';
import { API } from '@/lib/api/routes';
import { MAX_TEXTS_PER_ASK, type EntryText } from '@/lib/api/entries';
import type { TrafficEvent } from '@/lib/session/types';
import type { EntryRow, RawOf } from '@/lib/timeline/row';
import { compactRow, Interner } from '@/lib/timeline/compact-row';
import { apiClient } from '@/components/api/client';

/** Characters kept over all sessions (~2 MB): 5k LSP-sized entries, or every entry of a small session. */
export const TEXT_BUDGET_CHARS = 2_000_000;
/** An entry the server did not have (not recorded yet) or an ask that failed is asked again after this. */
const RETRY_MS = 1000;

const api = apiClient();

export class EntryTexts {
  private readonly bySession = new Map<string, Map<number, EntryText>>();
  /** Every kept text in least-recently-used order (a Map keeps insertion order), with its session. */
  private readonly order = new Map<EntryText, string>();
  private chars = 0;
  private readonly wanted = new Map<string, Set<number>>();
  private readonly asked = new Map<string, Map<number, number>>();
  private flushQueued = false;
  /** Strings repeated across rows (methods, kinds …), shared by every session's rows. */
  private readonly strings = new Interner();
  private readonly listeners = new Set<() => void>();
  /** Bumped when fetched texts arrive (texts put by the bridge come with a new view version anyway). */
  version = 0;

  constructor(
    private readonly budget = TEXT_BUDGET_CHARS,
    private readonly fetchTexts: (sessionId: string, seqs: number[]) => Promise<EntryText[]> = async (sessionId, seqs) =>
      (await api.call(API.entryTexts, { params: { id: sessionId }, body: { seqs } })).texts,
  ) {}

  /** Keeps an entry's text (the bridge's copy, or a fetched one), evicting the least recently used past the budget. */
  put(sessionId: string, text: EntryText): void {
    let m = this.bySession.get(sessionId);
    if (!m) this.bySession.set(sessionId, (m = new Map()));
    const old = m.get(text.seq);
    if (old) this.drop(old, m);
    m.set(text.seq, text);
    this.order.set(text, sessionId);
    this.chars += text.raw.length;
    while (this.chars > this.budget && this.order.size > 1) {
      const [oldest, sid] = this.order.entries().next().value as [EntryText, string];
      this.drop(oldest, this.bySession.get(sid));
    }
  }

  /**
   * The bridge's events: their texts kept here, rows without them returned for the view. The
   * bridge leaves most texts out (raw ""; they came beside the events or are fetched when shown).
   */
  take(sessionId: string, ev: TrafficEvent): EntryRow {
    // The bridge sends most entries without their text (raw ''): there is nothing to cache for them.
    if (ev.raw !== '' || ev.rawBase64) {
      const text: EntryText = { seq: ev.seq, raw: ev.raw };
      if (ev.rawBase64 !== undefined) text.rawBase64 = ev.rawBase64;
      if (ev.masked) text.masked = ev.masked;
      this.put(sessionId, text);
    }
    return compactRow(ev, this.strings);
  }

  /** The shared copy of a string repeated across rows (the bridge's rows: components/stores/bridge-client.ts). */
  intern = (s: string): string => this.strings.of(s);

  /** The text if it is here (and marks it recently used); undefined asks nothing. */
  peek(sessionId: string, seq: number): EntryText | undefined {
    const t = this.bySession.get(sessionId)?.get(seq);
    if (t) {
      this.order.delete(t);
      this.order.set(t, sessionId);
    }
    return t;
  }

  /** The text if it is here; else it is fetched (batched with other asks) and readers hear of it. */
  get(sessionId: string, seq: number): EntryText | undefined {
    const t = this.peek(sessionId, seq);
    if (!t) this.want(sessionId, seq);
    return t;
  }

  /** A RawOf for one session's rows, fetching what is missing. */
  rawOf(sessionId: string): RawOf {
    return (ev) => this.get(sessionId, ev.seq)?.raw;
  }

  /** Resolves once the entry's text is here (or the server has none). */
  async load(sessionId: string, seq: number): Promise<EntryText | undefined> {
    const t = this.peek(sessionId, seq);
    if (t) return t;
    const [got] = await this.fetchTexts(sessionId, [seq]);
    if (got) this.put(sessionId, got);
    return got;
  }

  /** Forgets a session's texts (it was removed). */
  forget(sessionId: string): void {
    const m = this.bySession.get(sessionId);
    if (m) for (const t of [...m.values()]) this.drop(t, m);
    this.bySession.delete(sessionId);
    this.wanted.delete(sessionId);
    this.asked.delete(sessionId);
  }

  /** How many entries of a session have their text here. */
  countFor(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  get keptChars(): number {
    return this.chars;
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private drop(t: EntryText, m: Map<number, EntryText> | undefined): void {
    if (m?.get(t.seq) === t) m.delete(t.seq);
    if (this.order.delete(t)) this.chars -= t.raw.length;
  }

  private want(sessionId: string, seq: number): void {
    const asked = this.asked.get(sessionId)?.get(seq);
    if (asked !== undefined && Date.now() - asked < RETRY_MS) return;
    let w = this.wanted.get(sessionId);
    if (!w) this.wanted.set(sessionId, (w = new Set()));
    w.add(seq);
    if (this.flushQueued) return;
    this.flushQueued = true;
    // After this render: every row on screen asks in the same ask.
    setTimeout(() => this.flush(), 0);
  }

  private flush(): void {
    this.flushQueued = false;
    for (const [sessionId, seqs] of this.wanted) {
      this.wanted.delete(sessionId);
      let asked = this.asked.get(sessionId);
      if (!asked) this.asked.set(sessionId, (asked = new Map()));
      const now = Date.now();
      const list = [...seqs].filter((s) => !this.bySession.get(sessionId)?.has(s));
      for (let i = 0; i < list.length; i += MAX_TEXTS_PER_ASK) {
        const part = list.slice(i, i + MAX_TEXTS_PER_ASK);
        for (const s of part) asked.set(s, now);
        this.fetchTexts(sessionId, part).then(
          (texts) => {
            for (const t of texts) this.put(sessionId, t);
            for (const t of texts) asked.delete(t.seq);
            if (texts.length) this.changed();
          },
          () => undefined, // asked again after RETRY_MS by the next reader
        );
      }
    }
  }

  private changed(): void {
    this.version++;
    for (const fn of this.listeners) fn();
  }
}

/** The page's one cache of entry texts. */
export const entryTexts = new EntryTexts();

/** Re-renders the caller when fetched texts arrive; returns the cache's version. */
export function useTextsVersion(): number {
  return useSyncExternalStore(entryTexts.subscribe, () => entryTexts.version, () => 0);
}

/** One entry's text for a component (the inspector, a composer), fetched when not here. */
export function useEntryText(sessionId: string | null | undefined, seq: number | null | undefined): EntryText | undefined {
  useTextsVersion();
  if (!sessionId || seq === null || seq === undefined) return undefined;
  return entryTexts.get(sessionId, seq);
}

/** A row joined with its text: the entry in full, as the inspector and the composers read it. */
export function withText(row: EntryRow, text: EntryText): TrafficEvent {
  const ev: TrafficEvent = { ...row, raw: text.raw };
  if (text.rawBase64 !== undefined) ev.rawBase64 = text.rawBase64;
  return ev;
}

const joined = new WeakMap<EntryRow, { text: EntryText; ev: TrafficEvent }>();

/** The entry in full once its text is here (fetched when not); undefined while it is on its way. */
export function useFullEntry(sessionId: string | null | undefined, row: EntryRow | undefined): TrafficEvent | undefined {
  const text = useEntryText(sessionId, row?.seq);
  if (!row || !text) return undefined;
  // The same object while neither changes, so memoized views below do not redo their work.
  const hit = joined.get(row);
  if (hit && hit.text === text) return hit.ev;
  const ev = withText(row, text);
  joined.set(row, { text, ev });
  return ev;
}

/** The entry in full, for code outside React (loading it into the builder). */
export async function loadFullEntry(sessionId: string, row: EntryRow): Promise<TrafficEvent | undefined> {
  const text = await entryTexts.load(sessionId, row.seq);
  return text ? withText(row, text) : undefined;
}
