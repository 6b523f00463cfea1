import http from 'node:http';
import net from 'node:net';
import jayson from 'jayson';
import { JSONRPCServer } from 'json-rpc-2.0';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
let jaysonServer: http.Server;
let jsonRpc2: http.Server;
let authJson: RunningPeer;
let accepted: RunningPeer;
let noContent: RunningPeer;
let sse: RunningPeer;

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
}

/** json-rpc-2.0 has no transport of its own: node:http around it, 204 when it has nothing to say. */
function jsonRpc2Server(): http.Server {
  const rpc = new JSONRPCServer();
  rpc.addMethod('echo', (params: unknown) => params ?? null);
  rpc.addMethod('slow', () => new Promise((resolve) => setTimeout(() => resolve('slow done'), 600)));
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void rpc.receiveJSON(Buffer.concat(chunks).toString('utf8')).then((reply) => {
        if (reply === null) {
          res.writeHead(204).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      });
    });
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let ports: { jayson: number; jsonRpc2: number };

beforeAll(async () => {
  jaysonServer = new jayson.Server({ add: (args: number[], cb: (err: null, r: number) => void) => cb(null, args[0] + args[1]) }).http();
  jsonRpc2 = jsonRpc2Server();
  const [a, b] = await Promise.all([listen(jaysonServer), listen(jsonRpc2)]);
  ports = { jayson: a, jsonRpc2: b };
  [t, authJson, accepted, noContent, sse] = await Promise.all([
    startTestServer(),
    startPeer('http-peer', ['--auth', 'k', '--auth-json']),
    startPeer('http-peer', ['--status-only', '202']),
    startPeer('http-peer', ['--status-only', '204']),
    startPeer('http-peer', ['--sse']),
  ]);
});

afterAll(async () => {
  jaysonServer?.close();
  jsonRpc2?.close();
  await Promise.all([t?.stop(), authJson?.stop(), accepted?.stop(), noContent?.stop(), sse?.stop()]);
});

const bySeq = (events: TrafficEvent[], seq: number) => events.find((e) => e.seq === seq)!;
const settled = (seqs: number[]) => (events: TrafficEvent[]) => seqs.every((s) => events.find((e) => e.seq === s && e.state && e.state !== 'pending'));

async function summary(id: string): Promise<SessionSummary> {
  return (await t.api<{ session: SessionSummary }>('GET', `/api/sessions/${id}`)).json.session;
}

describe('HTTP replies are paired by the POST they came back on', () => {
  it('json-rpc-2.0: a null-id Parse error pairs with its own POST, not with an older request whose id is null', async () => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${ports.jsonRpc2}/` });
    const older = await t.send(s.id, '{"jsonrpc":"2.0","id":null,"method":"slow"}');
    const broken = await t.send(s.id, '{"jsonrpc":"2.0","id":2,"method":"echo",');
    const events = await t.eventsUntil(s.id, settled([older, broken]));
    const parseError = events.find((e) => e.dir === 'in' && e.error?.code === -32700)!;
    expect(parseError.pair).toBe(broken);
    expect(bySeq(events, broken)).toMatchObject({ state: 'answered', pair: parseError.seq });
    // The slow answer, null id too, came back on the first POST and answers that one.
    const slow = events.find((e) => e.dir === 'in' && e.kind === 'response')!;
    expect(slow.http?.requestSeq).toBe(older);
    expect(bySeq(events, older)).toMatchObject({ state: 'answered', pair: slow.seq });
  });

  it('json-rpc-2.0: conformant answers and a 204 to a notification raise nothing and leave nothing pending', async () => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${ports.jsonRpc2}/` });
    const request = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"echo","params":[1]}');
    await t.send(s.id, '{"jsonrpc":"2.0","method":"echo","params":[2]}');
    const events = await t.eventsUntil(s.id, (es) => settled([request])(es) && es.some((e) => e.kind === 'no-body'));
    expect(events.flatMap((e) => e.findings)).toEqual([]);
    expect(events.filter((e) => e.state === 'pending')).toEqual([]);
    expect(events.find((e) => e.kind === 'no-body')?.http?.status).toBe(204);
    expect(events.find((e) => e.kind === 'notification')?.state).toBeUndefined();
  });

  it('jayson: a 400 with a plain-text body settles its request, and a later null-id Invalid Request pairs with its own POST', async () => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${ports.jayson}/` });
    const broken = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"add","params":[1');
    const first = await t.eventsUntil(s.id, settled([broken]));
    const text = first.find((e) => e.dir === 'in' && e.http?.status === 400)!;
    expect(bySeq(first, broken)).toMatchObject({ state: 'answered', pair: text.seq });

    const invalid = await t.send(s.id, '{"jsonrpc":"2.0","id":7,"method":1}');
    const good = await t.send(s.id, '{"jsonrpc":"2.0","id":8,"method":"add","params":[1,2]}');
    const events = await t.eventsUntil(s.id, settled([invalid, good]));
    const invalidReply = events.find((e) => e.dir === 'in' && e.error?.code === -32600)!;
    expect(invalidReply.pair).toBe(invalid);
    expect(bySeq(events, invalid).pair).toBe(invalidReply.seq);
    const sum = events.find((e) => e.dir === 'in' && e.kind === 'response')!;
    expect(sum).toMatchObject({ pair: good, findings: [] });
    expect(events.filter((e) => e.state === 'pending')).toEqual([]);
  });
});

describe('an SSE stream answers the requests of its own POST', () => {
  it('two POSTs reuse id 1: each event stream\'s answer pairs with its own request, whichever comes first', async () => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${sse.port}/` });
    const slow = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"sleep","params":{"ms":400}}');
    const quick = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"echo","params":["quick"]}');
    const events = await t.eventsUntil(s.id, settled([slow, quick]));
    const answers = events.filter((e) => e.dir === 'in' && e.kind === 'response');
    expect(answers.map((e) => e.http?.sse?.event)).toEqual(['message', 'message']);
    const quickAnswer = answers.find((e) => e.raw.includes('quick'))!;
    const slowAnswer = answers.find((e) => e.raw.includes('slept'))!;
    // The quick one came back first, on the second POST's stream: it answers the second request.
    expect(quickAnswer.seq).toBeLessThan(slowAnswer.seq);
    expect(bySeq(events, quick)).toMatchObject({ state: 'answered', pair: quickAnswer.seq });
    expect(bySeq(events, slow)).toMatchObject({ state: 'answered', pair: slowAnswer.seq });
  });
});

describe('a POST that ends without a JSON-RPC answer resolves its request with what happened', () => {
  it('a 401 whose JSON body is no JSON-RPC answer', async () => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${authJson.port}/` });
    const seq = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"echo"}');
    const events = await t.eventsUntil(s.id, settled([seq]));
    const reply = events.find((e) => e.dir === 'in' && e.http?.status === 401)!;
    expect(reply.raw).toContain('invalid_token');
    expect(bySeq(events, seq)).toMatchObject({ state: 'answered', pair: reply.seq });
    expect(reply.pair).toBe(seq);
    expect((await summary(s.id)).failure).toContain('HTTP 401 Unauthorized');
  });

  it.each([
    ['202', () => accepted.port],
    ['204', () => noContent.port],
  ])('an empty %s to a request', async (status, port) => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${port()}/` });
    const seq = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"echo"}');
    const events = await t.eventsUntil(s.id, settled([seq]));
    const empty = events.find((e) => e.kind === 'no-body')!;
    expect(empty.http?.status).toBe(Number(status));
    expect(bySeq(events, seq)).toMatchObject({ state: 'answered', pair: empty.seq });
  });

  it('a refused connection: the session says so, and the target was only ever "ready", never "connected"', async () => {
    const port = await freePort();
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${port}/` });
    const seq = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"echo"}');
    const events = await t.eventsUntil(s.id, settled([seq]));
    const failure = events.find((e) => e.note?.startsWith(`POST of #${seq} failed`))!;
    expect(failure.note).toBe(`POST of #${seq} failed: connection refused: 127.0.0.1:${port}`);
    expect(bySeq(events, seq)).toMatchObject({ state: 'target-exited', pair: failure.seq });
    expect(events.map((e) => e.note ?? '')).toContain(`ready to POST to http://127.0.0.1:${port}/`);
    expect(events.some((e) => e.note?.startsWith('connected'))).toBe(false);
    expect((await summary(s.id)).failure).toBe(`connection refused: 127.0.0.1:${port} (nothing has answered yet)`);
  });

  it('says "connected" once the target first answered', async () => {
    const s = await t.open({ kind: 'http', url: `http://127.0.0.1:${ports.jsonRpc2}/` });
    const seq = await t.send(s.id, '{"jsonrpc":"2.0","id":1,"method":"echo"}');
    const events = await t.eventsUntil(s.id, settled([seq]));
    expect(events.filter((e) => e.note?.startsWith('connected')).map((e) => e.note)).toEqual([`connected: http://127.0.0.1:${ports.jsonRpc2}/ answered (HTTP 200 OK)`]);
  });
});
