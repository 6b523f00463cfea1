/**
 * Entries the page does not hold in full (issue 11): the page keeps a compact row per entry and
 * no wire text for most of them, so it asks here for one entry (the inspector), for the text of
 * the rows on screen, and for the free-text search over a whole session. Everything answered is
 * what the bridge would have shown: the secrets the session sent are masked.
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import type { EntryText, SearchAnswer } from '../../lib/api/entries';
import type { RouteDeps } from './common';

function seqParam(text: string): number {
  const seq = Number(text);
  if (!Number.isSafeInteger(seq) || seq <= 0) throw new HttpError(400, `an entry number is a positive integer, got ${JSON.stringify(text.slice(0, 20))}`);
  return seq;
}

export function entryRoutes(router: ApiRouter, { store, manager }: RouteDeps): void {
  const sessionOr404 = (id: string) => {
    if (!manager.summary(id)) throw new HttpError(404, `no session ${id}`);
    manager.getLive(id)?.flush(); // what the page was shown live is in the store before it is read
  };

  router
    .on(API.getEvent, ({ params }) => {
      sessionOr404(params.id);
      const event = store.events.getEvent(params.id, seqParam(params.seq));
      if (!event) throw new HttpError(404, `no entry #${params.seq.slice(0, 20)}`);
      return { event: manager.secrets.mask(params.id).event(event) };
    })
    .on(API.entryTexts, async ({ params, body }) => {
      const { seqs } = await body();
      sessionOr404(params.id);
      const mask = manager.secrets.mask(params.id);
      const texts: EntryText[] = [];
      for (const seq of new Set(seqs)) {
        const stored = store.events.getEvent(params.id, seq);
        if (!stored) continue;
        const ev = mask.event(stored);
        const t: EntryText = { seq, raw: ev.raw };
        if (ev.rawBase64 !== undefined) t.rawBase64 = ev.rawBase64;
        if (ev.masked) t.masked = ev.masked;
        texts.push(t);
      }
      return { texts };
    })
    .on(API.searchEntries, async ({ params, body }): Promise<SearchAnswer> => {
      const { texts, sinceSeq = 0, every = false } = await body();
      sessionOr404(params.id);
      // Up to what the store holds now; the search itself runs off this thread (store/word-search.ts).
      const through = store.eventTexts.lastSeq(params.id, sinceSeq);
      const hits = await store.wordSearch.find({ sessionId: params.id, sinceSeq, through, words: texts, every, secrets: manager.secrets.list(params.id) });
      return { through, hits };
    });
}
