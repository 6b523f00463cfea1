/**
 * Answers checked against the requests they answer, on real third-party peers over HTTP on
 * 127.0.0.1: jayson and json-rpc-2.0 (behind node:http) deviate in known ways; the project's own
 * fixture peer answers the same input conformantly and must raise nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jayson from 'jayson';
import { JSONRPCServer } from 'json-rpc-2.0';
import { RULES } from '@/lib/jsonrpc';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { PipelineRecorder, post } from './pipeline-recorder';

const spec = (rule: string) => RULES.get(rule)!.spec;
const rulesOf = (e: { findings: { rule: string }[] }) => e.findings.map((f) => f.rule);

let jaysonServer: http.Server;
let jsonRpc2Server: http.Server;
let fixture: RunningPeer;
const port = (s: http.Server) => (s.address() as AddressInfo).port;

beforeAll(async () => {
  const j = new jayson.Server({ echo: (args: unknown, cb: (e: null, r: unknown) => void) => cb(null, args) });
  jaysonServer = j.http();
  await new Promise<void>((r) => jaysonServer.listen(0, '127.0.0.1', r));

  const rpc = new JSONRPCServer();
  rpc.addMethod('echo', (p: unknown) => p ?? null);
  jsonRpc2Server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        return;
      }
      void rpc.receive(parsed as never).then((answer) => {
        res.writeHead(answer ? 200 : 204, { 'content-type': 'application/json' });
        res.end(answer ? JSON.stringify(answer) : undefined);
      });
    });
  });
  await new Promise<void>((r) => jsonRpc2Server.listen(0, '127.0.0.1', r));
  fixture = await startPeer('http-peer');
});

afterAll(async () => {
  await new Promise((r) => jaysonServer?.close(r));
  await new Promise((r) => jsonRpc2Server?.close(r));
  await fixture?.stop();
});

async function exchange(p: number, text: string) {
  const rec = new PipelineRecorder();
  const request = rec.out(text);
  const answer = rec.in(await post(p, text));
  return { rec, request: rec.ev(request.seq), answer: rec.ev(answer.seq) };
}

describe('jayson over HTTP', () => {
  it('answers a request without "jsonrpc" with an id-null error although the id 1 was readable: flagged, still paired', async () => {
    const { request, answer } = await exchange(port(jaysonServer), '{"method":"echo","params":[1],"id":1}');
    expect(answer).toMatchObject({ kind: 'error', pair: request.seq, state: 'answered' });
    expect(request).toMatchObject({ state: 'answered', pair: answer.seq });
    const f = answer.findings.find((x) => x.rule === 'error-null-id-readable');
    expect(f).toMatchObject({ severity: 'error', path: 'id', spec: spec('error-null-id-readable') });
    expect(f?.message).toMatch(/readable id 1/);
  });

  it('answers a request whose id is an Object (unreadable) with an id-null -32600: no answer finding', async () => {
    const { request, answer } = await exchange(port(jaysonServer), '{"jsonrpc":"2.0","method":"echo","id":{"a":1}}');
    expect(answer).toMatchObject({ pair: request.seq, state: 'answered' });
    expect(answer.findings).toEqual([]);
  });
});

describe('json-rpc-2.0 behind node:http', () => {
  it('answers params "bar" with a normal result: -32600 was due', async () => {
    const { request, answer } = await exchange(port(jsonRpc2Server), '{"jsonrpc":"2.0","method":"echo","params":"bar","id":2}');
    expect(answer).toMatchObject({ kind: 'response', pair: request.seq, state: 'answered' });
    expect(answer.findings).toEqual([expect.objectContaining({ rule: 'invalid-request-answered', severity: 'error', spec: '-32600 Invalid Request: The JSON sent is not a valid Request object.' })]);
  });

  it('answers method 1 with -32601: the code due is -32600', async () => {
    const { request, answer } = await exchange(port(jsonRpc2Server), '{"jsonrpc":"2.0","method":1,"params":[1],"id":3}');
    expect(answer).toMatchObject({ kind: 'error', pair: request.seq, state: 'answered' });
    expect(rulesOf(answer)).toEqual(['invalid-request-wrong-code']);
    expect(answer.findings[0]).toMatchObject({ severity: 'error', path: 'error.code', spec: spec('invalid-request-wrong-code') });
  });

  it('keeps the last of two "id" members: the request says which value JSON.parse kept, and the answer pairs with it', async () => {
    const { request, answer } = await exchange(port(jsonRpc2Server), '{"jsonrpc":"2.0","method":"echo","params":[1],"id":7,"id":8}');
    expect(request.findings).toEqual([expect.objectContaining({ rule: 'duplicate-key', severity: 'warning', path: 'id', spec: spec('duplicate-key') })]);
    expect(request.findings[0].message).toMatch(/kept the last one, the Number 8/);
    expect(answer).toMatchObject({ id: 8, pair: request.seq, state: 'answered', findings: [] });
  });
});

describe('the fixture peer answers the same inputs conformantly', () => {
  for (const text of ['{"method":"echo","params":[1],"id":1}', '{"jsonrpc":"2.0","method":"echo","params":"bar","id":2}', '{"jsonrpc":"2.0","method":1,"params":[1],"id":3}']) {
    it(`raises no answer finding for ${text}`, async () => {
      const { request, answer } = await exchange(fixture.port, text);
      expect(answer).toMatchObject({ kind: 'error', pair: request.seq, state: 'answered', error: { code: -32600 } });
      expect(answer.findings).toEqual([]);
    });
  }
});

describe('a server reply that is not JSON', () => {
  it('quotes "the Server MUST reply with a Response", not the definition of a Parse error it received', async () => {
    const plain = await startPeer('http-peer', ['--plain-text']);
    try {
      const { answer } = await exchange(plain.port, '{"jsonrpc":"2.0","method":"echo","id":1}');
      expect(answer.kind).toBe('parse-error');
      expect(answer.findings).toEqual([
        expect.objectContaining({ rule: 'reply-parse-error', severity: 'error', spec: 'When a rpc call is made, the Server MUST reply with a Response, except for in the case of Notifications.' }),
      ]);
    } finally {
      await plain.stop();
    }
  });
});
