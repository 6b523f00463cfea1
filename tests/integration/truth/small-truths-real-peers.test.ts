/**
 * The small untruths, on real peers: an MCP request that times out is cancelled the MCP way
 * (server-everything over stdio), and `$/cancelRequest` sent with an id is a finding in LSP
 * (vscode-json-language-server).
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { openSession, type RecordedSession } from './session-recorder';

const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const jsonServer = require.resolve('vscode-langservers-extracted/bin/vscode-json-language-server');

let open: RecordedSession | undefined;
afterEach(async () => {
  await open?.session.close();
  open = undefined;
});

const rpc = (o: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', ...o });

async function mcpSession(timeoutMs: number): Promise<RecordedSession> {
  const s = await openSession({ kind: 'stdio', command: process.execPath, args: [everything, 'stdio'], framing: 'newline' }, { timeoutMs });
  const init = await s.session.send(rpc({ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'rpcscope-test', version: '1' } } }));
  await s.until(() => s.events.get(init)?.state === 'answered', 'initialize answered');
  await s.session.send(rpc({ method: 'notifications/initialized' }));
  return s;
}

const cancels = (s: RecordedSession) => s.list().filter((e) => e.dir === 'out' && e.method === 'notifications/cancelled');

describe('an MCP request that times out', () => {
  it('is cancelled with notifications/cancelled naming its id, and its silence is a finding', async () => {
    open = await mcpSession(1000);
    const call = await open.session.send(rpc({ id: 'slow-1', method: 'tools/call', params: { name: 'trigger-long-running-operation', arguments: { duration: 4, steps: 2 } } }));
    await open.until(() => cancels(open!).length > 0, 'the cancellation');
    const [cancel] = cancels(open);
    expect(JSON.parse(cancel.raw)).toMatchObject({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'slow-1' } });
    expect(JSON.parse(cancel.raw)).not.toHaveProperty('id');
    const request = open.events.get(call)!;
    expect(request.state).toBe('timed-out');
    expect(request.findings).toEqual([expect.objectContaining({ rule: 'no-response', severity: 'error', message: expect.stringMatching(/1 s timeout/) })]);
  });

  it('a request answered in time is not cancelled', async () => {
    open = await mcpSession(3000);
    const call = await open.session.send(rpc({ id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }));
    await open.until(() => open!.events.get(call)?.state === 'answered', 'the answer');
    await new Promise((r) => setTimeout(r, 400));
    expect(cancels(open)).toEqual([]);
    expect(open.events.get(call)!.findings).toEqual([]);
  });
});

describe('LSP cancellation is a notification', () => {
  async function lspSession(): Promise<RecordedSession> {
    const s = await openSession({ kind: 'stdio', command: process.execPath, args: [jsonServer, '--stdio'], framing: 'content-length' }, { timeoutMs: 5000 });
    const init = await s.session.send(rpc({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    await s.until(() => s.events.get(init)?.state === 'answered', 'initialize answered');
    await s.session.send(rpc({ method: 'initialized', params: {} }));
    return s;
  }

  it('$/cancelRequest sent with an id is flagged, quoting the LSP sentence', async () => {
    open = await lspSession();
    const seq = await open.session.send(rpc({ id: 7, method: '$/cancelRequest', params: { id: 1 } }));
    // A send is recorded with the session's next batch, not before send() returns.
    await open.until(() => open!.events.get(seq) !== undefined, 'the sent entry');
    const f = open.events.get(seq)!.findings.find((x) => x.rule === 'lsp-cancel-request-with-id');
    expect(f).toMatchObject({ severity: 'error', path: 'id', spec: expect.stringContaining('To cancel a request, a notification message with the following properties is sent') });
  });

  it('a request without "jsonrpc" gets a normal result from the JSON language server: -32600 was due', async () => {
    open = await lspSession();
    const seq = await open.session.send('{"method":"shutdown","id":4}');
    await open.until(() => open!.events.get(seq)?.state === 'answered', 'the answer');
    const answer = open.events.get(open.events.get(seq)!.pair!)!;
    expect(answer.kind).toBe('response');
    expect(answer.findings).toEqual([expect.objectContaining({ rule: 'invalid-request-answered', severity: 'error', message: expect.stringMatching(/jsonrpc member is missing/) })]);
  });

  it('$/cancelRequest as a notification raises nothing', async () => {
    open = await lspSession();
    const seq = await open.session.send(rpc({ method: '$/cancelRequest', params: { id: 1 } }));
    await open.until(() => open!.events.get(seq) !== undefined, 'the sent entry');
    expect(open.events.get(seq)!.findings).toEqual([]);
  });
});
