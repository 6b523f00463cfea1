/**
 * Intercepting a real tapped conversation, end to end: vscode-jsonrpc's client drives
 * vscode-json-language-server through `rpcscope tap` while an app runs on the data directory. A
 * breakpoint `method:textDocument/documentSymbol` holds the client's request (the server has not
 * received it: the client waits); the user edits it to ask about another document and forwards
 * it, and the server's answer — held too, as an answer counts as its request's method — is about
 * that other document. A second request is dropped: the server never answers it. Closing the
 * session releases a third held one, the conversation ends as usual, and the entries say what
 * became of each.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import type { InterceptStatus } from '@/lib/intercept/wire';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';
import { startTapApp, until, type TapApp } from './app-helpers';
import { JSON_LS, tapArgv, tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-intercept-');
const dataDir = path.join(tmp.dir, 'data');
const children: ChildProcess[] = [];
let app: TapApp | undefined;
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await app?.stop();
  tmp.remove();
});

/** The page's call on the app: status and JSON answer. */
async function api<T>(method: string, p: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await app!.call(p, body, method);
  return { status: res.status, json: (await res.json()) as T };
}

const first = { uri: 'file:///tmp/intercept/first.json', text: '{ "alpha": 1 }\n' };
const other = { uri: 'file:///tmp/intercept/other.json', text: '{ "edited": true, "bytes": "reached the server" }\n' };

describe('intercepting a tapped language-server conversation', () => {
  it('holds the request, forwards it edited (the server answers the edit), drops a second one, and closing the session releases what is held', async () => {
    app = await startTapApp(dataDir);
    const tap = spawn(process.execPath, tapArgv(['--data-dir', dataDir, '--name', 'json ls'], [process.execPath, JSON_LS, '--stdio']), { stdio: ['pipe', 'pipe', 'ignore'] });
    children.push(tap);
    const exited = new Promise<number | null>((r) => tap.once('exit', (code) => r(code)));
    const conn = createMessageConnection(new StreamMessageReader(tap.stdout!), new StreamMessageWriter(tap.stdin!));
    conn.onRequest(() => null);
    conn.listen();
    await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } } });
    await conn.sendNotification('initialized', {});
    for (const d of [first, other]) await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: d.uri, languageId: 'json', version: 1, text: d.text } });

    const session = await until('the tap session in the app', async () => (await api<{ sessions: SessionSummary[] }>('GET', '/api/sessions')).json.sessions.find((s) => s.target.kind === 'tap' && s.status === 'open'));
    const at = `/api/sessions/${session.id}/intercept`;
    expect((await api<InterceptStatus>('GET', at)).json).toMatchObject({ available: true, on: false, held: [] });

    const bad = await api<{ error: string }>('PUT', at, { breakpoints: ['methd:textDocument/documentSymbol'] });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/unknown field "methd:"/);
    const set = await api<InterceptStatus>('PUT', at, { breakpoints: ['method:textDocument/documentSymbol'] });
    expect(set.json).toMatchObject({ on: true, breakpoints: ['method:textDocument/documentSymbol'] });

    const answered = conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: first.uri } }) as Promise<{ name: string }[]>;
    const heldRequest = await until('the request held', async () => (await api<InterceptStatus>('GET', at)).json.held.find((h) => h.kind === 'request'));
    expect(heldRequest).toMatchObject({ dir: 'out', method: 'textDocument/documentSymbol' });
    expect(heldRequest.seq).toBeGreaterThan(0);
    const edited = heldRequest.text!.replace(first.uri, other.uri);
    const forwarded = await api<InterceptStatus>('POST', `${at}/held/${heldRequest.hold}/forward`, { text: edited });
    expect(forwarded.status).toBe(200);

    // The answer counts as its request's method, so it is held on its way back; forward it as it is.
    const heldAnswer = await until('the answer held', async () => (await api<InterceptStatus>('GET', at)).json.held.find((h) => h.kind === 'response'));
    expect(heldAnswer.dir).toBe('in');
    await api('POST', `${at}/held/${heldAnswer.hold}/forward`, {});
    expect((await answered).map((s) => s.name), 'the server answered the edited request').toEqual(['edited', 'bytes']);

    // A second request is dropped: it never reaches the server, so nothing answers it.
    let droppedAnswered = false;
    void conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: first.uri } }).then(() => (droppedAnswered = true), () => undefined);
    const second = await until('the second request held', async () => (await api<InterceptStatus>('GET', at)).json.held.find((h) => h.kind === 'request'));
    const dropped = await api<InterceptStatus>('POST', `${at}/held/${second.hold}/drop`, {});
    expect(dropped.json.held).toEqual([]);
    const again = await api<{ error: string }>('POST', `${at}/held/${second.hold}/drop`, {});
    expect(again.status).toBe(409);

    // Closing the session stops intercepting: what is held goes on, and so does the conversation.
    const third = conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: other.uri } }) as Promise<{ name: string }[]>;
    await until('the third request held', async () => (await api<InterceptStatus>('GET', at)).json.held.find((h) => h.kind === 'request'));
    expect((await api('POST', `/api/sessions/${session.id}/close`, {})).status).toBe(200);
    expect((await api<InterceptStatus>('GET', at)).json).toMatchObject({ on: false, held: [] });
    expect((await third).map((s) => s.name)).toEqual(['edited', 'bytes']);
    await conn.sendRequest('shutdown');
    await conn.sendNotification('exit');
    expect(await exited).toBe(0);
    conn.dispose();
    expect(droppedAnswered).toBe(false);

    const { events } = (await api<{ events: TrafficEvent[] }>('GET', `/api/sessions/${session.id}/events`)).json;
    const request = events.find((e) => e.seq === heldRequest.seq)!;
    expect(request.raw).toContain(first.uri);
    expect(request.intercept).toMatchObject({ state: 'edited', hold: heldRequest.hold });
    expect(request.intercept?.state === 'edited' && request.intercept.sent).toContain(`Content-Length: ${Buffer.byteLength(edited)}\r\n`);
    expect(events.find((e) => e.seq === heldAnswer.seq)?.intercept).toMatchObject({ state: 'forwarded' });
    expect(events.find((e) => e.seq === second.seq)?.intercept).toMatchObject({ state: 'dropped' });
    const secondId = (JSON.parse(second.text!) as { id: number }).id;
    expect(events.some((e) => e.dir === 'in' && e.kind === 'response' && e.id === secondId), 'the server never answered the dropped request').toBe(false);
  }, 60_000);
});
