/**
 * Framing tells the truth on real processes: the wrong framing for the peer is named with the
 * right one (MCP server-everything speaks newline JSON; the fixture peer, Content-Length), a
 * length counted in characters says so, and a frame whose body stalls is shown while it waits.
 */
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { RULES } from '@/lib/jsonrpc';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { openSession, type RecordedSession } from './session-recorder';

const require = createRequire(import.meta.url);
const everything = require.resolve('@modelcontextprotocol/server-everything/dist/index.js');
const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'rpcscope-test', version: '1' } } });

let open: RecordedSession | undefined;
afterEach(async () => {
  await open?.session.close();
  open = undefined;
});

const hinted = (s: RecordedSession, rule: string) => s.list().filter((e) => e.findings.some((f) => f.rule === rule));

describe('the wrong framing for the peer is detected in the first bytes', () => {
  it('MCP server-everything on a Content-Length session: its JSON line says "this peer uses newline framing"', async () => {
    open = await openSession({ kind: 'stdio', command: process.execPath, args: [everything, 'stdio'], framing: 'content-length' });
    // A trailing newline inside the body (still valid JSON) lets the line-reading server see the message.
    await open.session.send(initialize + '\n');
    await open.until(() => hinted(open!, 'framing-mismatch').length > 0, 'the framing hint');
    const [noise] = hinted(open, 'framing-mismatch');
    const f = noise.findings.find((x) => x.rule === 'framing-mismatch')!;
    expect(noise.kind).toBe('noise');
    expect(f).toMatchObject({ severity: 'error', spec: RULES.get('framing-mismatch')!.spec });
    expect(f.message).toMatch(/uses newline framing\. Reconnect with framing newline/);
  });

  it('the same server on a newline session raises no framing finding and answers initialize', async () => {
    open = await openSession({ kind: 'stdio', command: process.execPath, args: [everything, 'stdio'], framing: 'newline' });
    const seq = await open.session.send(initialize);
    await open.until(() => open!.events.get(seq)?.state === 'answered', 'the answer');
    expect(open.list().flatMap((e) => e.findings.map((f) => f.rule)).filter((r) => r.startsWith('framing-'))).toEqual([]);
  });

  it('a Content-Length peer on a newline session: its header line says "this peer uses Content-Length framing"', async () => {
    open = await openSession({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'content-length', '--flood', '1'], framing: 'newline' });
    await open.until(() => hinted(open!, 'framing-mismatch').length > 0, 'the framing hint');
    const [noise] = hinted(open, 'framing-mismatch');
    expect(noise.raw).toMatch(/^Content-Length: \d+/);
    expect(noise.findings.find((f) => f.rule === 'framing-mismatch')!.message).toMatch(/uses Content-Length framing/);
  });
});

describe('auto framing picks what the peer speaks', () => {
  const jsonServer = require.resolve('vscode-langservers-extracted/bin/vscode-json-language-server');

  it('MCP server-everything: newline, and everything after initialize goes as JSON lines', async () => {
    open = await openSession({ kind: 'stdio', command: process.execPath, args: [everything, 'stdio'], framing: 'auto' });
    const init = await open.session.send(initialize);
    await open.until(() => open!.events.get(init)?.state === 'answered', 'initialize answered');
    expect(open.list().some((e) => e.note === "framing detected: newline (from the peer's first bytes)")).toBe(true);
    const list = await open.session.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    await open.until(() => open!.events.get(list)?.state === 'answered', 'tools/list answered');
    expect(open.events.get(list)!.raw).toBe(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) + '\n');
    expect(open.list().flatMap((e) => e.findings.map((f) => f.rule)).filter((r) => r.startsWith('framing-'))).toEqual([]);
  });

  it('the JSON language server: content-length', async () => {
    open = await openSession({ kind: 'stdio', command: process.execPath, args: [jsonServer, '--stdio'], framing: 'auto' });
    const init = await open.session.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    await open.until(() => open!.events.get(init)?.state === 'answered', 'initialize answered');
    expect(open.list().some((e) => e.note === "framing detected: content-length (from the peer's first bytes)")).toBe(true);
    const next = await open.session.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
    await open.until(() => open!.events.get(next)?.state === 'answered', 'shutdown answered');
    expect(open.events.get(next)!.raw).toMatch(/^Content-Length: \d+\r\n\r\n\{/);
  });
});

describe('a Content-Length counted in characters', () => {
  it('is named on the noise it leaves, and the frames after it still decode', async () => {
    // "é" is 2 bytes, 1 character: declaring one byte less is exactly the character count.
    open = await openSession({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'content-length', '--wrong-length', '-1'], framing: 'content-length' });
    await open.session.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: { t: 'é' } }));
    await open.until(() => open!.list().some((e) => e.kind === 'parse-error'), 'the cut-short answer');
    // The last byte of the first answer waits outside any frame until the next frame's header shows where it ends.
    const second = await open.session.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'echo', params: { t: 'é' } }));
    await open.until(() => open!.events.get(second)?.state === 'answered', 'the next answer');
    const [noise] = hinted(open, 'framing-length-in-characters');
    expect(noise).toMatchObject({ kind: 'noise', raw: '}' });
    expect(noise.findings.find((f) => f.rule === 'framing-length-in-characters')).toMatchObject({
      severity: 'error',
      spec: 'Content-Length: The length of the content part in bytes. This header is required.',
      message: expect.stringMatching(/matches the length of the message in characters \(UTF-16 units\), not bytes/),
    });
  });

  it('an honest length raises no such hint', async () => {
    open = await openSession({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'content-length'], framing: 'content-length' });
    const seq = await open.session.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'echo', params: { t: 'é' } }));
    await open.until(() => open!.events.get(seq)?.state === 'answered', 'the answer');
    expect(hinted(open, 'framing-length-in-characters')).toEqual([]);
  });
});

describe('a frame whose body stalls', () => {
  it('is visible while it waits, with how much arrived and for how long', async () => {
    const script = "process.stdout.write('Content-Length: 100\\r\\n\\r\\n{\"jsonrpc\"'); setTimeout(() => {}, 6000)";
    open = await openSession({ kind: 'stdio', command: process.execPath, args: ['-e', script], framing: 'content-length' });
    await open.until(() => open!.list().some((e) => e.note?.startsWith('frame incomplete')), 'the stall note', 6000);
    const note = open.list().find((e) => e.note?.startsWith('frame incomplete'))!.note!;
    expect(note).toMatch(/^frame incomplete: 10 of 100 bytes, waiting [2-4] s$/);
    // Reported once per stall, not at every tick.
    await new Promise((r) => setTimeout(r, 500));
    expect(open.list().filter((e) => e.note?.startsWith('frame incomplete'))).toHaveLength(1);
  });
});
