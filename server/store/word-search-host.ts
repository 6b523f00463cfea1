/**
 * A search thread (started by WordSearch, word-search.ts, through word-search-worker.mjs): a
 * read-only connection to the database and `findWords` over it, one asked range at a time.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { EventTextsRepo } from './event-texts';
import { findWords, type WordSearchAsk, type WordSearchInit, type WordSearchReply } from './word-search';

const init = workerData as WordSearchInit;
const db = new Database(init.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const texts = new EventTextsRepo(db);

parentPort!.on('message', ({ id, query }: WordSearchAsk) => {
  let reply: WordSearchReply;
  const transfer: ArrayBuffer[] = [];
  try {
    const hits = findWords(texts, query).map((list) => Float64Array.from(list));
    for (const h of hits) transfer.push(h.buffer as ArrayBuffer);
    reply = { id, hits };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply, transfer);
});
