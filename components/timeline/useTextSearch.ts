'use client';
/**
 * How the timeline searches free words when the page does not hold every entry's text (issue 11).
 * When every row's text is in the page's cache (a small session) the words are tested there, as
 * before; otherwise the server answers (POST /api/sessions/:id/search) over the whole recording,
 * and asks again for what arrived since its last answer, at most every SINCE_MS; when every word is
 * required (none negated) it asks for the entries holding all of them at once. Until the answer
 * for a changed query arrives, the last filter stays on screen (no flash of an empty list).
 * Entries after the answer's `through` match no word until the next answer.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { API } from '@/lib/api/routes';
import type { SearchAnswer } from '@/lib/api/entries';
import { MAX_SEARCH_TERMS } from '@/lib/api/entries';
import { parseFilterQuery, textTerms, textMatcher, type TextSearch, type TimelineFilter } from '@/lib/timeline/filter';
import { apiClient } from '@/components/api/client';
import { entryTexts } from '@/components/stores/entry-texts';
import type { EntryRow } from '@/lib/timeline/row';
import type { SessionView } from '@/components/stores/types';

const SINCE_MS = 250;
const api = apiClient();

interface Answer {
  sessionId: string;
  key: string;
  through: number;
  hits: Map<string, Set<number>>;
}

export interface TextSearchState {
  /** The filter the search below is ready for (the last one, while a new query's answer is on its way). */
  filter: TimelineFilter;
  search: TextSearch;
}

const lastSeqOf = (view: SessionView | undefined) => (view && view.events.length ? view.events[view.events.length - 1].seq : 0);

/** Tests words against the texts the page holds (all of them, when this is used). */
function cachedSearch(sessionId: string): TextSearch {
  return (text) => {
    const m = textMatcher(text);
    return (ev) => {
      const raw = entryTexts.peek(sessionId, ev.seq)?.raw;
      return (raw !== undefined && m(raw)) || (ev.note !== undefined && m(ev.note));
    };
  };
}

function answeredSearch(a: Answer): TextSearch {
  return (text) => {
    const seqs = a.hits.get(text) ?? new Set<number>();
    const through = a.through;
    // The hits by seq too: a pass over a big session marks their positions (lib/timeline/row-facts.ts).
    return Object.assign((ev: EntryRow) => ev.seq <= through && seqs.has(ev.seq), { hits: { seqs, through } });
  };
}

export function useTextSearch(view: SessionView | undefined, filter: TimelineFilter): TextSearchState {
  const sessionId = view?.summary.id ?? '';
  const { terms, every } = useMemo(() => {
    const parsed = parseFilterQuery(filter.query);
    const words = textTerms(parsed).slice(0, MAX_SEARCH_TERMS);
    // Words that must all be there (none negated): the server answers the entries holding all of
    // them, one list for every word (a word in nearly every entry then sends no million seqs).
    const required = words.length > 1 && parsed.terms.every((t) => t.key !== 'text' || !t.negate);
    return { terms: words, every: required };
  }, [filter.query]);
  const key = terms.join('\u0000') + (every ? '\u0002' : '');
  const local = !view || terms.length === 0 || entryTexts.countFor(sessionId) >= view.events.length;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const asking = useRef<string | null>(null);
  const lastSeq = lastSeqOf(view);

  // A new query (or session): ask over the whole recording.
  const current = answer && answer.sessionId === sessionId && answer.key === key ? answer : null;
  useEffect(() => {
    if (local || !sessionId) return;
    const ask = `${sessionId}\u0001${key}`;
    if (current || asking.current === ask) return;
    asking.current = ask;
    let cancelled = false;
    void api.call(API.searchEntries, { params: { id: sessionId }, body: { texts: terms, every } }).then(
      (r: SearchAnswer) => {
        if (cancelled) return;
        asking.current = null;
        const all = every ? new Set(r.hits[0]) : null;
        setAnswer({ sessionId, key, through: r.through, hits: new Map(terms.map((t, i) => [t, all ?? new Set(r.hits[i])])) });
      },
      () => { asking.current = null; },
    );
    return () => {
      cancelled = true;
      if (asking.current === ask) asking.current = null;
    };
  }, [local, sessionId, key, terms, every, current]);

  // Entries arrived after the answer: ask for those only, not more often than every SINCE_MS.
  useEffect(() => {
    if (local || !current || lastSeq <= current.through) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      void api.call(API.searchEntries, { params: { id: sessionId }, body: { texts: terms, sinceSeq: current.through, every } }).then(
        (r: SearchAnswer) => {
          if (cancelled || r.through <= current.through) return;
          const grown = (old: Set<number> | undefined, more: number[]) => {
            const set = new Set(old);
            for (const s of more) set.add(s);
            return set;
          };
          const all = every ? grown(current.hits.get(terms[0]), r.hits[0]) : null;
          const hits = new Map(terms.map((t, i) => [t, all ?? grown(current.hits.get(t), r.hits[i])]));
          setAnswer({ ...current, through: r.through, hits });
        },
        () => undefined,
      );
    }, SINCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [local, current, lastSeq, sessionId, terms, every]);

  const shown = useRef<TextSearchState | null>(null);
  const cached = useMemo(() => cachedSearch(sessionId), [sessionId]);
  const answered = useMemo(() => (current ? answeredSearch(current) : null), [current]);
  // Nothing shown yet (the page opened with a query): the rest of the filter, without its words.
  const withoutWords = useMemo(() => ({ filter: { ...filter, query: '' }, search: cached }), [filter, cached]);
  let state: TextSearchState;
  if (local) state = { filter, search: cached };
  else if (answered) state = { filter, search: answered };
  else state = shown.current ?? withoutWords;
  const prev = shown.current;
  if (prev && prev.filter === state.filter && prev.search === state.search) return prev;
  shown.current = state;
  return state;
}
