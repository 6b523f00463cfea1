/**
 * HAR 1.2 for HTTP sessions, so browser devtools and API clients can read them. One entry per
 * POST rpcscope sent; the reply (or each event of a text/event-stream reply) is its response.
 *
 * What HAR wants that rpcscope does not record per request is filled in and said so in the entry's
 * comment: request headers are the target's headers plus the two the transport always sets
 * (Content-Type, Accept); header sizes are -1 (unknown), as HAR allows. Redact the session file
 * before building the HAR: this module copies what it is given.
 */
import type { SessionFileV1, TrafficEvent } from '../session/types';
import { isHttpTarget } from '../targets/http';

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    queryString: HarNameValue[];
    postData?: { mimeType: string; text: string };
    headersSize: number;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarNameValue[];
    headers: HarNameValue[];
    content: { size: number; mimeType: string; text?: string; encoding?: string };
    redirectURL: string;
    headersSize: number;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

export type HarResult = { ok: true; har: Har } | { ok: false; error: string };

const encoder = new TextEncoder();
const bytes = (s: string) => encoder.encode(s).length;

function queryOf(url: string): HarNameValue[] {
  const q = url.indexOf('?');
  if (q < 0) return [];
  const hash = url.indexOf('#', q);
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      return s;
    }
  };
  return url
    .slice(q + 1, hash < 0 ? undefined : hash)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq < 0 ? { name: decode(pair), value: '' } : { name: decode(pair.slice(0, eq)), value: decode(pair.slice(eq + 1)) };
    });
}

const headerList = (h: Record<string, string> | undefined): HarNameValue[] =>
  Object.entries(h ?? {}).map(([name, value]) => ({ name, value: String(value) }));

function sseText(events: readonly TrafficEvent[]): string {
  return events
    .map((e) => {
      let block = '';
      if (e.http?.sse?.event) block += `event: ${e.http.sse.event}\n`;
      if (e.http?.sse?.id) block += `id: ${e.http.sse.id}\n`;
      for (const line of e.raw.split(/\r?\n/)) block += `data: ${line}\n`;
      return block + '\n';
    })
    .join('');
}

interface Pending {
  out: TrafficEvent;
  replies: TrafficEvent[];
}

/** Which request each reply belongs to: its pair when it has one, else the oldest unanswered POST. */
function pairReplies(events: readonly TrafficEvent[]): Pending[] {
  const entries: Pending[] = [];
  const bySeq = new Map<number, Pending>();
  for (const ev of events) {
    if (ev.dir === 'out') {
      const p = { out: ev, replies: [] };
      entries.push(p);
      bySeq.set(ev.seq, p);
      continue;
    }
    if (ev.dir !== 'in' || !ev.http) continue;
    const pairSeq = ev.pair ?? ev.items?.find((i) => i.pair !== undefined)?.pair;
    let owner = pairSeq === undefined ? undefined : bySeq.get(pairSeq);
    if (!owner) owner = entries.find((p) => p.replies.length === 0 && p.out.seq < ev.seq);
    // More events of a stream already answered: they belong to the latest request before them.
    if (!owner) owner = [...entries].reverse().find((p) => p.out.seq < ev.seq);
    owner?.replies.push(ev);
  }
  return entries;
}

const HEADERS_NOTE =
  'request headers are the target\'s headers plus Content-Type and Accept, which rpcscope always sends; rpcscope does not record them per request';

export function buildHar(file: SessionFileV1, creatorVersion = '0.1.0'): HarResult {
  if (!isHttpTarget(file.target)) {
    return { ok: false, error: `HAR export is for HTTP sessions; this one is ${file.target.kind} (export the session file or HTML instead)` };
  }
  const target = file.target;
  const requestHeaders = [
    { name: 'Content-Type', value: 'application/json' },
    { name: 'Accept', value: 'application/json, text/event-stream' },
    ...headerList(target.headers).filter((h) => !/^(content-type|accept)$/i.test(h.name)),
  ];
  const entries = pairReplies(file.events).map(({ out, replies }): HarEntry => {
    const url = out.http?.url ?? target.url;
    const first = replies[0];
    const last = replies[replies.length - 1];
    const meta = first?.http;
    const headers = meta?.headers ?? {};
    const ctype = Object.entries(headers).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    const sse = replies.some((r) => r.http?.sse) || /^text\/event-stream/i.test(ctype ?? '');
    let content: HarEntry['response']['content'];
    if (!first || first.kind === 'no-body') content = { size: 0, mimeType: ctype ?? 'x-unknown', text: '' };
    else if (sse) {
      const text = sseText(replies);
      content = { size: bytes(text), mimeType: ctype ?? 'text/event-stream', text };
    } else if (first.rawBase64 !== undefined) {
      content = { size: Math.floor((first.rawBase64.replace(/=+$/, '').length * 3) / 4), mimeType: ctype ?? 'application/octet-stream', text: first.rawBase64, encoding: 'base64' };
    } else content = { size: bytes(first.raw), mimeType: ctype ?? 'application/json', text: first.raw };
    const wait = first ? Math.max(0, first.t - out.t) : 0;
    const receive = first && last ? Math.max(0, last.t - first.t) : 0;
    const entry: HarEntry = {
      startedDateTime: new Date(out.time).toISOString(),
      time: wait + receive,
      request: {
        method: out.http?.method ?? 'POST',
        url,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: requestHeaders,
        queryString: queryOf(url),
        postData: { mimeType: 'application/json', text: out.raw },
        headersSize: -1,
        bodySize: bytes(out.raw),
      },
      response: {
        status: meta?.status ?? 0,
        statusText: meta?.statusText ?? '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: headerList(meta?.headers),
        content,
        redirectURL: '',
        headersSize: -1,
        bodySize: content.size,
      },
      cache: {},
      timings: { send: 0, wait, receive },
      comment: first ? HEADERS_NOTE : `no reply was recorded for this request; ${HEADERS_NOTE}`,
    };
    return entry;
  });
  const log: Har['log'] = { version: '1.2', creator: { name: 'rpcscope', version: creatorVersion }, entries };
  if (file.redactions?.length) log.comment = `redacted before export: ${file.redactions.map((r) => `${r.kind} ×${r.count}`).join(', ')}`;
  return { ok: true, har: { log } };
}
