/**
 * A seeded mix of everything the pipeline judges — requests, answers, notifications, batches, odd
 * ids (0, "", null, fractional, beyond 2^53), duplicate keys, parse errors, DAP, HTTP exchanges,
 * cancels, progress, timeouts, noise and the target's exit — and a transcript of what the pipeline
 * made of it: every event, patch and dialect change as JSON, in order. The differential test
 * (pipeline-differential.test.ts) compares that transcript with one kept from an earlier pipeline,
 * so a speed-up that changes a single finding, pairing or id shows up.
 *
 * The kept digests are written by `node --import tsx tests/unit/session/pipeline-mix.ts --write
 * [ROOT]` where ROOT is a checkout of the pipeline to keep (default: this tree).
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { MessagePipeline as Pipeline, PipelineOutput } from '@/lib/session/pipeline';
import { seededRandom } from '../../fixtures/sessions/lsp-bodies';

type Rand = () => number;
type PipelineClass = new (options?: ConstructorParameters<typeof Pipeline>[0]) => Pipeline;

/** Each run: a forced dialect, or undefined to let detection decide from the traffic. */
export const RUNS: { name: string; dialect?: string; seed: number }[] = [
  { name: 'detected', seed: 1 },
  { name: 'base', dialect: 'base', seed: 2 },
  { name: 'lsp', dialect: 'lsp', seed: 3 },
  { name: 'mcp', dialect: 'mcp', seed: 4 },
  { name: 'ethereum', dialect: 'ethereum', seed: 5 },
  { name: 'dap', dialect: 'dap', seed: 6 },
  { name: 'a2a', dialect: 'a2a', seed: 7 },
];

export const STEPS = 1500;
/** Steps per kept digest: a mismatch is reported with the steps of its chunk. */
export const CHUNK = 50;

const METHODS = [
  'initialize', 'initialized', 'notifications/initialized', 'shutdown', 'exit', 'textDocument/hover', 'textDocument/didOpen',
  '$/progress', '$/cancelRequest', 'notifications/cancelled', 'notifications/progress', 'tools/list', 'tools/call',
  'resources/read', 'ping', 'eth_call', 'eth_chainId', 'eth_sendRawTransaction', 'message/send', 'message/stream',
  'tasks/get', 'workspace/configuration', 'rpc.discover', 'a', 'rpc.internal',
];
const CODES = [-32700, -32600, -32601, -32602, -32603, -32000, -32002, -32800, -32801, -32001, -32042, 3, 4001, -32005, 1, 0];
const MESSAGES = ['Method not found', 'not yet', 'execution reverted', 'Request cancelled', 'Invalid params', 'boom', ''];

const pick = <T>(rand: Rand, list: readonly T[]): T => list[Math.floor(rand() * list.length)];

function id(rand: Rand): string {
  const r = rand();
  if (r < 0.55) return String(Math.floor(rand() * 24));
  if (r < 0.7) return JSON.stringify(`r${Math.floor(rand() * 12)}`);
  if (r < 0.75) return '""';
  if (r < 0.8) return '0';
  if (r < 0.84) return 'null';
  if (r < 0.88) return '1.5';
  if (r < 0.92) return '12345678901234567890';
  if (r < 0.95) return '-7';
  return '{"x":1}';
}

function params(rand: Rand, method: string, idText: string): string {
  switch (method) {
    case 'initialize':
      return rand() < 0.5
        ? '{"processId":1,"rootUri":null,"capabilities":{}}'
        : '{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}';
    case '$/cancelRequest':
      return `{"id":${idText}}`;
    case 'notifications/cancelled':
      return `{"requestId":${idText},"reason":"user"}`;
    case '$/progress':
      return `{"token":${idText},"value":{"kind":"report","percentage":${Math.floor(rand() * 100)},"message":"m"}}`;
    case 'notifications/progress':
      return `{"progressToken":${idText},"progress":${Math.floor(rand() * 10)},"total":10}`;
    case 'tools/call':
      return `{"name":"echo","arguments":{"s":"x"},"_meta":{"progressToken":${idText}}}`;
    case 'textDocument/hover':
      return `{"textDocument":{"uri":"file:///a.ts"},"position":{"line":1,"character":2},"workDoneToken":${idText}}`;
    default:
      return rand() < 0.3 ? '["a",1]' : rand() < 0.5 ? '{}' : rand() < 0.9 ? '{"q":"größe 変数"}' : '7';
  }
}

function single(rand: Rand): string {
  const r = rand();
  const i = id(rand);
  const m = pick(rand, METHODS);
  const version = rand() < 0.96 ? '"jsonrpc":"2.0",' : rand() < 0.5 ? '"jsonrpc":"1.0",' : '';
  if (r < 0.3) return `{${version}"id":${i},"method":${JSON.stringify(m)},"params":${params(rand, m, id(rand))}}`;
  if (r < 0.45) return `{${version}"method":${JSON.stringify(m)},"params":${params(rand, m, id(rand))}}`;
  if (r < 0.68) return `{${version}"id":${i},"result":${rand() < 0.5 ? '{"ok":true}' : rand() < 0.5 ? 'null' : '[1,2]'}}`;
  if (r < 0.9) {
    const data = rand() < 0.2 ? ',"data":{"why":"x"}' : '';
    return `{${version}"id":${i},"error":{"code":${pick(rand, CODES)},"message":${JSON.stringify(pick(rand, MESSAGES))}${data}}}`;
  }
  if (r < 0.93) return `{${version}"id":${i},"result":1,"error":{"code":1,"message":"both"}}`;
  if (r < 0.96) return `{${version}"id":${i},"id":${id(rand)},"method":"a"}`;
  return `{${version}"id":${i},"error":{"code":-32601,"code":-32602,"message":"dup"}}`;
}

function dap(rand: Rand, seq: number): string {
  const r = rand();
  const cmd = pick(rand, ['initialize', 'launch', 'setBreakpoints', 'continue', 'disconnect']);
  if (r < 0.4) return `{"seq":${seq},"type":"request","command":"${cmd}","arguments":{}}`;
  if (r < 0.8) {
    const ok = rand() < 0.7;
    return `{"seq":${seq},"type":"response","request_seq":${Math.max(1, seq - Math.floor(rand() * 6))},"success":${ok},"command":"${cmd}"${ok ? '' : ',"message":"cancelled","body":{"error":{"id":3,"format":"no {x}","variables":{"x":"y"}}}'}}`;
  }
  return `{"seq":${seq},"type":"event","event":"${pick(rand, ['stopped', 'output', 'initialized'])}","body":{}}`;
}

function text(rand: Rand, seq: number, dialect: string | undefined): string {
  const r = rand();
  if (dialect === 'dap' && r < 0.6) return dap(rand, seq);
  if (r < 0.07) {
    const n = Math.floor(rand() * 5);
    const items: string[] = [];
    for (let k = 0; k < n; k++) items.push(single(rand));
    return `[${items.join(',')}]`;
  }
  if (r < 0.09) return pick(rand, ['{"jsonrpc":', '', '42', '"x"', 'null', '[1,2]', '{"jsonrpc":"2.0"}', '{"a":1}']);
  if (r < 0.1) return dap(rand, seq);
  return single(rand);
}

const HINT = { rule: 'framing-newline-in-message' as const, message: 'a newline inside the message' };

/** One run through `P`: each step's output as a JSON line, in order. */
export function transcript(P: PipelineClass, run: (typeof RUNS)[number], steps = STEPS): string[] {
  const rand = seededRandom(run.seed);
  const p = new P({ timeoutMs: 1000, dialect: run.dialect });
  const lines: string[] = [];
  const put = (what: string, out: PipelineOutput | { patches: unknown; cancels?: unknown }) => lines.push(JSON.stringify([what, out]));
  let t = 0;
  /** Out requests whose HTTP exchange is still open: their seq. */
  const exchanges: number[] = [];
  for (let s = 0; s < steps; s++) {
    t += Math.floor(rand() * 60);
    const time = 1_700_000_000_000 + t;
    const r = rand();
    if (r < 0.03) {
      const patches = p.tick(t);
      put('tick', { patches, cancels: p.timeoutCancels(patches) });
      continue;
    }
    if (r < 0.04) {
      put('noise', p.noise('in', t, time, 'Server ready\n', 'bad-header', 'not a header', undefined, rand() < 0.5 ? HINT : undefined));
      continue;
    }
    if (r < 0.05) {
      put('meta', p.meta('stderr', t, time, 'warn: x', 'stderr'));
      continue;
    }
    if (r < 0.07 && exchanges.length) {
      const requestSeq = exchanges.shift()!;
      const by = p.meta('no-body', t, time, '', 'HTTP 202 with no body', { http: { status: 202, requestSeq } }, 'in');
      put('no-body', by);
      put('exchange-ended', { patches: p.exchangeEnded(requestSeq, by.event, rand() < 0.3) });
      continue;
    }
    const body = text(rand, p.lastSeq + 1, run.dialect);
    const dir = rand() < 0.5 ? 'out' : 'in';
    const raw = rand() < 0.5 ? `Content-Length: ${body.length}\r\n\r\n${body}` : body;
    let extras: Parameters<Pipeline['message']>[5];
    if (dir === 'in' && exchanges.length && rand() < 0.4) extras = { http: { status: 200, requestSeq: exchanges[exchanges.length - 1], sse: rand() < 0.5 ? { event: 'message' } : undefined } };
    else if (rand() < 0.03) extras = { framingHint: HINT, rawBase64: 'AA==' };
    const out = p.message(dir, t, time, raw, body, extras);
    put(dir, out);
    if (dir === 'out' && out.event.kind === 'request' && rand() < 0.3) exchanges.push(out.event.seq);
  }
  put('exit', { patches: p.targetExited(t + 1) });
  return lines;
}

/** A digest of each CHUNK steps of a transcript. */
export function chunkDigests(lines: string[]): string[] {
  const out: string[] = [];
  for (let at = 0; at < lines.length; at += CHUNK) {
    out.push(createHash('sha256').update(lines.slice(at, at + CHUNK).join('\n')).digest('hex').slice(0, 16));
  }
  return out;
}

export const KEPT_FILE = fileURLToPath(new URL('./pipeline-kept.json', import.meta.url));

async function write(root: string): Promise<void> {
  const mod = (await import(pathToFileURL(path.join(root, 'lib/session/pipeline.ts')).href)) as { MessagePipeline: PipelineClass };
  const kept: Record<string, string[]> = {};
  for (const run of RUNS) kept[run.name] = chunkDigests(transcript(mod.MessagePipeline, run));
  writeFileSync(KEPT_FILE, JSON.stringify({ from: root === process.cwd() ? 'this tree' : path.basename(root), steps: STEPS, chunk: CHUNK, runs: kept }, null, 1) + '\n');
  console.log(`kept ${RUNS.length} runs of ${STEPS} steps from ${root} in ${KEPT_FILE}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href && process.argv.includes('--write')) {
  const at = process.argv.indexOf('--write');
  await write(path.resolve(process.argv[at + 1] ?? process.cwd()));
}
