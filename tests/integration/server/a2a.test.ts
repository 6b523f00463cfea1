/**
 * A real A2A agent (the official @a2a-js/sdk's JSON-RPC express handler, tests/fixtures/peers/
 * a2a-peer.mjs) behind a real rpcscope HTTP session: the session is detected as A2A from its
 * first message, A2A's -32001 reads as TaskNotFound, and a streamed answer (SSE) pairs with its request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import type { TrafficEvent } from '@/lib/session/types';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
let agent: RunningPeer;

beforeAll(async () => {
  [t, agent] = await Promise.all([startTestServer(), startPeer('a2a-peer', ['--legacy'])]);
});
afterAll(async () => {
  await Promise.all([t?.stop(), agent?.stop()]);
});

const target = (headers?: Record<string, string>) => ({ kind: 'http', url: `http://127.0.0.1:${agent.port}/`, ...(headers ? { headers } : {}) });
const userMessage = (id: string, text: string) => ({ kind: 'message', messageId: id, role: 'user', parts: [{ kind: 'text', text }] });
const rpc = (id: number, method: string, params: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
const answersTo = (events: TrafficEvent[], seq: number) => events.filter((e) => e.dir === 'in' && e.pair === seq);

describe('an A2A agent seen through an HTTP session', () => {
  it('is detected as A2A from message/send, and an unknown task reads as A2A’s TaskNotFound, not MCP’s timeout', async () => {
    const session = await t.open(target());
    expect(session.dialect?.id).toBe('base');

    const sendSeq = await t.send(session.id, rpc(1, 'message/send', { message: userMessage('m1', 'hello agent') }));
    const getSeq = await t.send(session.id, rpc(2, 'tasks/get', { id: 'no-such-task' }));
    const events = await t.eventsUntil(session.id, (es) => answersTo(es, sendSeq).length > 0 && answersTo(es, getSeq).length > 0);

    const sent = answersTo(events, sendSeq)[0];
    expect(sent.kind).toBe('response');
    const task = (JSON.parse(sent.raw) as { result: { kind: string; status: { state: string; message: { parts: { text: string }[] } } } }).result;
    expect(task).toMatchObject({ kind: 'task', status: { state: 'completed' } });
    expect(task.status.message.parts[0].text).toBe('echo: hello agent');

    const unknown = answersTo(events, getSeq)[0];
    expect(unknown.error).toMatchObject({ code: -32001, name: 'TaskNotFound', source: 'a2a' });
    expect(unknown.error?.message).toMatch(/no-such-task/);
    expect(events.some((e) => e.kind === 'connection' && /dialect detected: Agent2Agent \(A2A\) \(method message\/send \(seq \d+\) exists only in A2A\)/.test(e.note ?? ''))).toBe(true);

    const after = (await t.api<{ session: { dialect?: { id: string } } }>('GET', `/api/sessions/${session.id}`)).json.session;
    expect(after.dialect?.id).toBe('a2a');
    await t.api('POST', `/api/sessions/${session.id}/close`);
  });

  it('pairs the server-sent events of message/stream with the request, and the request ends answered', async () => {
    const session = await t.open(target());
    const seq = await t.send(session.id, rpc(3, 'message/stream', { message: userMessage('m2', 'stream please') }));
    const events = await t.eventsUntil(session.id, (es) =>
      answersTo(es, seq).some((e) => /"final":true/.test(e.raw)),
    );
    const request = events.find((e) => e.seq === seq)!;
    expect(request).toMatchObject({ kind: 'request', method: 'message/stream', state: 'answered' });
    const stream = answersTo(events, seq);
    // The agent streams the task, then status updates (working, completed), each a response with id 3.
    const kinds = stream.map((e) => (JSON.parse(e.raw) as { result: { kind: string } }).result.kind);
    expect(kinds[0]).toBe('task');
    expect(kinds.slice(1).every((k) => k === 'status-update')).toBe(true);
    expect(stream.length).toBeGreaterThanOrEqual(2);
    expect(request.pair).toBe(stream[0].seq);
    // Many responses with the request's id are how A2A streams: each is answered, none a duplicate.
    for (const e of stream) {
      expect(e.state).toBe('answered');
      expect(e.findings).toEqual([]);
      expect(e.http?.requestSeq).toBe(seq);
    }
    await t.api('POST', `/api/sessions/${session.id}/close`);
  });

  it('speaks v1.0 too: SendMessage decides A2A, and GetTask for an unknown task is TaskNotFound', async () => {
    const session = await t.open(target({ 'A2A-Version': '1.0' }));
    const sendSeq = await t.send(session.id, rpc(1, 'SendMessage', { message: { messageId: 'm3', role: 'ROLE_USER', parts: [{ text: 'v1 hello' }] } }));
    const getSeq = await t.send(session.id, rpc(2, 'GetTask', { id: 'no-such-task' }));
    const events = await t.eventsUntil(session.id, (es) => answersTo(es, sendSeq).length > 0 && answersTo(es, getSeq).length > 0);
    expect(JSON.parse(answersTo(events, sendSeq)[0].raw)).toMatchObject({ result: { task: { status: { state: 'TASK_STATE_COMPLETED' } } } });
    expect(answersTo(events, getSeq)[0].error).toMatchObject({ code: -32001, name: 'TaskNotFound', source: 'a2a' });
    expect((await t.api<{ session: { dialect?: { id: string } } }>('GET', `/api/sessions/${session.id}`)).json.session.dialect?.id).toBe('a2a');
    await t.api('POST', `/api/sessions/${session.id}/close`);
  });
});
