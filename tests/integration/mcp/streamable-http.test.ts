/**
 * MCP over Streamable HTTP, end to end: a real rpcscope HTTP session against the real
 * @modelcontextprotocol/server-everything (and the http-peer fixture for 405 and 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type RunningPeer } from '../../fixtures/peers/start-peer';
import { INITIALIZE, startEverythingHttp, watchSession, type RunningServer } from './helpers';

const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

describe('MCP Streamable HTTP against server-everything', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startEverythingHttp();
  }, 20_000);
  afterAll(() => server?.stop());

  it('opens the server stream after initialize, shows roots/list sent on it, answers it by auto-reply, and DELETEs the session on close', async () => {
    const w = await watchSession(
      { kind: 'http', url: `http://127.0.0.1:${server.port}/mcp` },
      { autoReplies: { 'roots/list': { roots: [{ uri: 'file:///tmp/rpcscope', name: 'tmp' }] } } },
    );
    try {
      await w.session.send(INITIALIZE(1, { roots: { listChanged: true } }));
      await w.waitFor('the GET stream', () => w.notes().some((n) => n.startsWith('server stream open: GET')));
      await w.session.send(INITIALIZED);
      // server-everything asks for the roots 350 ms after initialized, on the GET stream.
      await w.waitFor('roots/list', (evs) => evs.some((e) => e.dir === 'in' && e.method === 'roots/list'));
      const ask = w.events.find((e) => e.dir === 'in' && e.method === 'roots/list')!;
      expect(ask.http?.method).toBe('GET');
      expect(ask.http?.requestSeq).toBeUndefined();
      await w.waitFor('the auto-reply', () => w.bySeq(ask.seq)?.state === 'answered');
      const reply = w.bySeq(w.bySeq(ask.seq)!.pair!)!;
      expect(reply.dir).toBe('out');
      expect(JSON.parse(reply.raw).result.roots[0].uri).toBe('file:///tmp/rpcscope');
      // The server took the answer: it logs what it received, on the same stream.
      await w.waitFor('the log line', (evs) => evs.some((e) => e.method === 'notifications/message' && e.raw.includes('1 root(s) received')));
      // The reply was POSTed and accepted with 202, as MCP wants: no finding.
      await w.waitFor('the 202', (evs) => evs.some((e) => e.kind === 'no-body' && e.http?.requestSeq === reply.seq));
      expect(w.events.find((e) => e.kind === 'no-body' && e.http?.requestSeq === reply.seq)!.findings).toEqual([]);
      expect(w.events.flatMap((e) => e.findings).filter((f) => f.rule.startsWith('mcp-http-'))).toEqual([]);
    } finally {
      await w.session.close();
    }
    w.session.flush();
    expect(w.notes().some((n) => /^session ended: DELETE Mcp-Session-Id \S+ → HTTP 200/.test(n))).toBe(true);
  }, 20_000);

  it('says so when the server refuses an unknown session id with 400 instead of 404', async () => {
    const w = await watchSession({ kind: 'http', url: `http://127.0.0.1:${server.port}/mcp`, headers: { 'Mcp-Session-Id': 'no-such-session' } }, { dialect: 'mcp' });
    try {
      await w.session.send(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }));
      await w.waitFor('the refusal', (evs) => evs.some((e) => e.dir === 'in' && e.http?.status === 400));
      const refusal = w.events.find((e) => e.dir === 'in' && e.http?.status === 400)!;
      const f = refusal.findings.find((x) => x.rule === 'mcp-http-session-404');
      expect(f?.severity).toBe('error');
      expect(f?.spec).toContain('it MUST respond to requests containing that session ID with HTTP 404 Not Found');
      // Its body has no id at all, though the request's id 7 was readable.
      expect(refusal.findings.find((x) => x.rule === 'mcp-http-error-id')?.spec).toContain('Responses MUST include the same ID as the request');
    } finally {
      await w.session.close();
    }
  }, 15_000);
});

describe('MCP Streamable HTTP against the http-peer fixture', () => {
  let peer: RunningPeer;
  beforeAll(async () => {
    peer = await startPeer('http-peer', ['--sse']);
  });
  afterAll(() => peer?.stop());

  it('sends the negotiated MCP-Protocol-Version on later requests and notes a server without a GET stream (405) without calling it an error', async () => {
    const w = await watchSession({ kind: 'http', url: `http://127.0.0.1:${peer.port}/` });
    try {
      await w.session.send(INITIALIZE(1));
      await w.waitFor('the 405 note', () => w.notes().some((n) => n.includes('no standalone event stream (GET → HTTP 405)')));
      expect(w.session.summary.failure).toBeUndefined();
      await w.session.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'get_headers' }));
      await w.waitFor('get_headers', (evs) => evs.some((e) => e.kind === 'response' && e.raw.includes('"headers"')));
      const echoed = JSON.parse(w.events.find((e) => e.kind === 'response' && e.raw.includes('"headers"'))!.raw).result.headers;
      expect(echoed['mcp-protocol-version']).toBe('2025-06-18');
      expect(echoed['mcp-session-id']).toBeTruthy();
    } finally {
      await w.session.close();
    }
  }, 15_000);

  it('raises no session finding when an unknown session id is answered 404, as MCP says', async () => {
    const w = await watchSession({ kind: 'http', url: `http://127.0.0.1:${peer.port}/`, headers: { 'Mcp-Session-Id': 'gone' } }, { dialect: 'mcp' });
    try {
      await w.session.send(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
      await w.waitFor('the 404', (evs) => evs.some((e) => e.http?.status === 404 && e.dir === 'in'));
      const answer = w.events.find((e) => e.http?.status === 404 && e.dir === 'in')!;
      expect(answer.findings.map((f) => f.rule)).not.toContain('mcp-http-session-404');
      // The fixture's 404 body carries id null although the request's id 3 was readable.
      expect(answer.findings.find((f) => f.rule === 'mcp-http-error-id')?.message).toContain('id 3');
    } finally {
      await w.session.close();
    }
  }, 15_000);
});

describe('the standalone stream resumes after a drop', () => {
  let peer: RunningPeer;
  beforeAll(async () => {
    peer = await startPeer('http-peer', ['--sse', '--get-stream']);
  });
  afterAll(() => peer?.stop());

  it('reopens the GET stream with Last-Event-ID after the server drops it, and the server resumes from there', async () => {
    const w = await watchSession({ kind: 'http', url: `http://127.0.0.1:${peer.port}/` });
    try {
      await w.session.send(INITIALIZE(1));
      await w.waitFor('the resumed event', (evs) => evs.some((e) => e.method === 'notifications/message' && e.raw.includes('resumed after g1')));
      const notes = w.notes();
      expect(notes.some((n) => n.startsWith('server stream dropped') && n.includes('reopening with Last-Event-ID g1'))).toBe(true);
      expect(notes.some((n) => n.includes('(resumed after event g1)'))).toBe(true);
      const first = w.events.find((e) => e.method === 'notifications/message' && e.raw.includes('first event'))!;
      expect(first.http).toMatchObject({ method: 'GET', sse: { id: 'g1' } });
    } finally {
      await w.session.close();
    }
  }, 15_000);
});
