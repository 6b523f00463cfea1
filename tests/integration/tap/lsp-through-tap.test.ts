/**
 * vscode-jsonrpc's client drives the real vscode-json-language-server through `rpcscope tap`:
 * initialize, didOpen, diagnostics, documentSymbol, shutdown, exit — the same results as without
 * the tap, and the server's exit code comes through the tap.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import { JSON_LS, readSession, tapArgv, tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-tap-lsp-');
afterAll(() => tmp.remove());

const uri = 'file:///tmp/tap-test/settings.json';
const text = '{\n  "name": "tap",\n  "list": [1, 2,],\n  "nested": { "a": true }\n}\n';

async function session(argv: string[]) {
  const child = spawn(process.execPath, argv, { stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics = new Promise<unknown>((resolve) => conn.onNotification('textDocument/publishDiagnostics', (p: { diagnostics: unknown[] }) => { if (p.diagnostics.length) resolve(p.diagnostics); }));
  conn.onRequest(() => null);
  conn.listen();
  const init = (await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } } })) as { capabilities: unknown };
  await conn.sendNotification('initialized', {});
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
  const diags = await diagnostics;
  const symbols = await conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } });
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  const code = await exited;
  conn.dispose();
  return { capabilities: init.capabilities, diags, symbols, code };
}

describe('an LSP client through rpcscope tap', () => {
  it('gets the same answers as without the tap, and the exit code is forwarded', async () => {
    const direct = await session([JSON_LS, '--stdio']);
    const out = path.join(tmp.dir, 'lsp.json');
    const tapped = await session(tapArgv(['--data-dir', path.join(tmp.dir, 'data'), '--out', out], [process.execPath, JSON_LS, '--stdio']));
    expect(tapped).toEqual(direct);
    expect(tapped.code).toBe(0);
    const events = readSession(out);
    const methods = events.filter((e) => e.dir === 'out').map((e) => e.method);
    expect(methods).toEqual(expect.arrayContaining(['initialize', 'textDocument/didOpen', 'textDocument/documentSymbol', 'shutdown', 'exit']));
    expect(events.some((e) => e.dir === 'in' && e.method === 'textDocument/publishDiagnostics')).toBe(true);
    expect(events.some((e) => /framing: content-length \(auto/.test(e.note ?? ''))).toBe(true);
    for (const r of events.filter((e) => e.dir === 'out' && e.kind === 'request')) expect(r.state, r.method).toBe('answered');
  }, 60_000);
});
