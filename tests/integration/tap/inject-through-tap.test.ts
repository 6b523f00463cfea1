/**
 * Injecting into a real tapped conversation, end to end: vscode-jsonrpc's client drives
 * vscode-json-language-server through `rpcscope tap` while an app runs on the data directory; the
 * user sends a request to the server from the session's composer (the app's send route). The
 * server answers it, the app records both marked injected, the client never receives that answer,
 * and the conversation goes on to its normal end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import { ContentLengthDecoder } from '@/lib/framing';
import type { TrafficEvent } from '@/lib/session/types';
import { JSON_LS, tapArgv, tempDir } from './tap-helpers';
import { startTapApp, until } from './app-helpers';

const tmp = tempDir('rpcscope-inject-');
const dataDir = path.join(tmp.dir, 'data');
const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL');
  tmp.remove();
});

const uri = 'file:///tmp/inject-test/settings.json';
const text = '{\n  "name": "inject",\n  "nested": { "a": true }\n}\n';

describe('injecting into a tapped language-server conversation', () => {
  it('the server answers the injected request, the app records it marked, the client never sees it, and the talk goes on', async () => {
    const app = await startTapApp(dataDir);
    started.push(app.proc);
    const tap = spawn(process.execPath, tapArgv(['--data-dir', dataDir, '--name', 'json ls'], [process.execPath, JSON_LS, '--stdio']), { stdio: ['pipe', 'pipe', 'ignore'] });
    started.push(tap);
    const exited = new Promise<number | null>((r) => tap.once('exit', (code) => r(code)));
    // Everything the client is handed, decoded beside vscode-jsonrpc's own reader.
    const seenByClient: { id?: unknown; method?: string }[] = [];
    const decoder = new ContentLengthDecoder();
    tap.stdout!.on('data', (c: Buffer) => {
      for (const f of decoder.push(c)) if (f.type === 'message') seenByClient.push(JSON.parse(f.body));
    });
    const conn = createMessageConnection(new StreamMessageReader(tap.stdout!), new StreamMessageWriter(tap.stdin!));
    conn.onRequest(() => null);
    conn.listen();
    await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } } });
    await conn.sendNotification('initialized', {});
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });

    const session = await app.openTapSession();

    // Bad text is refused with a reason, and nothing reaches the conversation.
    const bad = await app.call(`/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","id":', to: 'server' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/must be JSON/);

    // The user's own id (1) is one the client used: the injected request gets one of rpcscope's.
    const symbolRequest = { jsonrpc: '2.0', id: 1, method: 'textDocument/documentSymbol', params: { textDocument: { uri } } };
    const sent = await app.call(`/api/sessions/${session.id}/send`, { text: JSON.stringify(symbolRequest), to: 'server' });
    expect(sent.status).toBe(200);
    const { seq } = (await sent.json()) as { seq: number };

    const events = await until('the answer to the injected request', async () => {
      const events: TrafficEvent[] = await app.events(session.id);
      const request = events.find((e) => e.seq === seq);
      return request?.state === 'answered' ? events : undefined;
    });
    const request = events.find((e) => e.seq === seq)!;
    expect(request).toMatchObject({ dir: 'out', kind: 'request', method: 'textDocument/documentSymbol', injected: true });
    const injectedId = (JSON.parse(request.raw.slice(request.raw.indexOf('{'))) as { id: string }).id;
    expect(injectedId).toMatch(/^rpcscope-inject-\d+$/);
    const answer = events.find((e) => e.dir === 'in' && e.kind === 'response' && e.raw.includes(`"${injectedId}"`));
    expect(answer, 'the server answered the injected request, and the app recorded it').toBeDefined();
    expect(answer!.raw).toContain('"name"');

    // The conversation goes on: the client's own request is answered as usual.
    const symbols = (await conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as { name: string }[];
    expect(symbols.map((s) => s.name)).toEqual(['name', 'nested']);
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    expect(await exited).toBe(0);
    conn.dispose();

    expect(seenByClient.some((m) => typeof m.id === 'string' && m.id.startsWith('rpcscope-inject-')), 'the client never got an answer it did not ask for').toBe(false);
    expect(seenByClient.filter((m) => m.id !== undefined && m.method === undefined).map((m) => m.id)).toEqual([0, 1, 2]);

    await app.stop();
  }, 60_000);
});
