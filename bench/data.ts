/**
 * The generated traffic every contender reads: the same messages as pre-split strings (for bare
 * JSON.parse), as Content-Length frames and as newline-delimited lines.
 */
import { seededRandom } from '../tests/fixtures/sessions/lsp-bodies';

export interface Workload {
  name: string;
  /** Each message text. */
  texts: string[];
  /** All messages framed with Content-Length, and the byte offset where each frame ends. */
  contentLength: Buffer;
  contentLengthEnds: number[];
  /** All messages one per line. */
  newline: Buffer;
  newlineEnds: number[];
  /** Total body bytes. */
  bodyBytes: number;
}

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'hover', 'symbol', 'range', 'index', 'module', 'config', 'result', 'token'];

/** Words outside ASCII (2-, 3- and 4-byte UTF-8) for the anchor payload's non-ASCII share. */
const INTL = ['größe', 'переменная', '変数', 'fünf', 'δέλτα', 'ошибка', '関数', '🚀launch'];

/** Space-separated words; with `intl`, about that share of the words come from INTL. */
function words(rand: () => number, n: number, intl = 0): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(intl > 0 && rand() < intl ? INTL[Math.floor(rand() * INTL.length)] : WORDS[Math.floor(rand() * WORDS.length)]);
  return out.join(' ');
}

/** A JSON-RPC message of roughly `target` bytes: a mix of requests, notifications, results and errors. */
export function smallMessage(rand: () => number, i: number, target: number, intl = 0): string {
  const kind = i % 4;
  let m: unknown;
  const pad = (base: object, key: string, build: (text: string) => object) => {
    const probe = JSON.stringify({ ...base, [key]: build('') });
    const room = Math.max(0, target - probe.length);
    let text = words(rand, Math.ceil(room / 6) + 2, intl);
    text = text.slice(0, room);
    return { ...base, [key]: build(text) };
  };
  if (kind === 0) {
    m = pad({ jsonrpc: '2.0', id: i, method: 'textDocument/hover' }, 'params', (t) => ({
      textDocument: { uri: `file:///home/user/project/src/module${i % 97}.ts` },
      position: { line: i % 500, character: i % 80 },
      note: t,
    }));
  } else if (kind === 1) {
    m = pad({ jsonrpc: '2.0', method: '$/progress' }, 'params', (t) => ({ token: `tok-${i % 13}`, value: { kind: 'report', percentage: i % 100, message: t } }));
  } else if (kind === 2) {
    m = pad({ jsonrpc: '2.0', id: i - 2 }, 'result', (t) => ({ contents: { kind: 'markdown', value: t } }));
  } else {
    m = pad({ jsonrpc: '2.0', id: i - 3 }, 'error', (t) => ({ code: -32601, message: `Method not found: ${t}` }));
  }
  return JSON.stringify(m);
}

/** A textDocument/didOpen notification carrying about `size` bytes of source text. */
function largeMessage(rand: () => number, i: number, size: number): string {
  const lines: string[] = [];
  let n = 0;
  while (n < size) {
    const line = `  const ${words(rand, 1)}${i} = "${words(rand, 6)}"; // ${words(rand, 4)}`;
    lines.push(line);
    n += line.length + 3;
  }
  return JSON.stringify({
    jsonrpc: '2.0',
    method: 'textDocument/didOpen',
    params: { textDocument: { uri: `file:///big/file${i}.ts`, languageId: 'typescript', version: 1, text: lines.join('\n') } },
  });
}

function frame(texts: string[], framing: 'content-length' | 'newline'): { wire: Buffer; ends: number[] } {
  const parts: Buffer[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const t of texts) {
    const body = Buffer.from(t, 'utf8');
    if (framing === 'content-length') {
      const header = Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'latin1');
      parts.push(header, body);
      at += header.length + body.length;
    } else {
      parts.push(body, Buffer.from('\n'));
      at += body.length + 1;
    }
    ends.push(at);
  }
  return { wire: Buffer.concat(parts), ends };
}

function workload(name: string, texts: string[]): Workload {
  const cl = frame(texts, 'content-length');
  const nl = frame(texts, 'newline');
  return {
    name,
    texts,
    contentLength: cl.wire,
    contentLengthEnds: cl.ends,
    newline: nl.wire,
    newlineEnds: nl.ends,
    bodyBytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0),
  };
}

export function smallWorkload(count = 100_000, size = 200): Workload {
  const rand = seededRandom(1);
  const texts: string[] = [];
  for (let i = 0; i < count; i++) texts.push(smallMessage(rand, i, size));
  return workload(`${count / 1000}k × ~${size} B`, texts);
}

/** The anchor payload with non-ASCII text: about 10% of the words are Cyrillic, Greek, CJK, emoji. */
export function intlWorkload(count = 100_000, size = 200): Workload {
  const rand = seededRandom(1);
  const texts: string[] = [];
  for (let i = 0; i < count; i++) texts.push(smallMessage(rand, i, size, 0.1));
  const w = workload(`${count / 1000}k × ~${size} B, ~10% non-ASCII words`, texts);
  return w;
}

export function largeWorkload(count = 100, size = 1024 * 1024): Workload {
  const rand = seededRandom(2);
  const texts: string[] = [];
  for (let i = 0; i < count; i++) texts.push(largeMessage(rand, i, size));
  return workload(`${count} × ~1 MB`, texts);
}

/** The first `count` messages of a workload (same bytes, cut at a frame end). */
export function firstMessages(w: Workload, count: number): Workload {
  const cl = w.contentLengthEnds[count - 1];
  const nl = w.newlineEnds[count - 1];
  const texts = w.texts.slice(0, count);
  return {
    name: `first ${count} of ${w.name}`,
    texts,
    contentLength: w.contentLength.subarray(0, cl),
    contentLengthEnds: w.contentLengthEnds.slice(0, count),
    newline: w.newline.subarray(0, nl),
    newlineEnds: w.newlineEnds.slice(0, count),
    bodyBytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0),
  };
}

/** Content-Length frames of the small mix, for the child process of the end-to-end bench. */
export function smallFrames(count: number): Buffer {
  return smallWorkload(count).contentLength;
}
