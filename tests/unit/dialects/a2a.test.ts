import { describe, expect, it } from 'vitest';
import { describeInDialect, detectDialect, dialectLabel, errorSourceLabel, getProfile, listProfiles, type DialectId } from '@/lib/dialects';
import { MessagePipeline } from '@/lib/session/pipeline';
import { mcpSession } from './fixtures';
import { conversation, err, ok, req, type Step } from './traffic';

const detect = (steps: Step[]) => detectDialect(conversation(steps));
const shown = (dialect: DialectId, code: number) => describeInDialect({ code, message: 'x' }, getProfile(dialect));

const userText = { message: { kind: 'message', messageId: 'm1', role: 'user', parts: [{ kind: 'text', text: 'hi' }] } };

describe('an A2A session is detected from its method names', () => {
  it.each(['message/send', 'message/stream', 'tasks/resubscribe', 'tasks/pushNotificationConfig/set', 'agent/getAuthenticatedExtendedCard'])(
    'v0.3: %s decides A2A',
    (method) => {
      const d = detect([['out', req(1, method, userText)]]);
      expect(d).toMatchObject({ dialect: 'a2a', decided: true, seq: 1 });
      expect(d.evidence).toBe(`method ${method} (seq 1) exists only in A2A`);
    },
  );

  it.each(['SendMessage', 'SendStreamingMessage', 'SubscribeToTask', 'CreateTaskPushNotificationConfig', 'ListTaskPushNotificationConfigs', 'GetExtendedAgentCard'])(
    'v1.0: %s decides A2A',
    (method) => {
      expect(detect([['out', req('a', method, {})]])).toMatchObject({ dialect: 'a2a', decided: true });
    },
  );

  it('a capture that starts after the first message is A2A once two task methods are seen', () => {
    expect(detect([['out', req(1, 'GetTask', { id: 't' })]]).decided).toBe(false);
    const d = detect([
      ['out', req(1, 'GetTask', { id: 't' })],
      ['in', ok(1, { id: 't' })],
      ['out', req(2, 'CancelTask', { id: 't' })],
    ]);
    expect(d).toMatchObject({ dialect: 'a2a', seq: 3, evidence: 'methods GetTask, CancelTask are A2A methods' });
    expect(detect([['out', req(1, 'tasks/get', { id: 't' })], ['out', req(2, 'message/send', userText)]])).toMatchObject({ dialect: 'a2a', seq: 2 });
  });

  it('MCP’s own tasks/get and tasks/cancel never make a session A2A', () => {
    expect(detect([['out', req(1, 'tasks/get', { taskId: 't' })], ['out', req(2, 'tasks/cancel', { taskId: 't' })]])).toEqual({ dialect: 'base', decided: false });
    const mcpWithTasks: Step[] = [...mcpSession, ['out', req(90, 'tasks/get', { taskId: 't' })], ['out', req(91, 'message/send', userText)]];
    expect(detect(mcpWithTasks).dialect).toBe('mcp');
  });

  it('an answer carrying an A2A code decides nothing: the code means something else elsewhere', () => {
    expect(detect([['in', err(1, -32001, 'Task not found')]]).decided).toBe(false);
  });
});

describe('A2A error codes decode by the session’s dialect', () => {
  it('-32001 is TaskNotFound under A2A, RequestTimeout under MCP, UnknownErrorCode under LSP, Resource not found under Ethereum', () => {
    expect(shown('a2a', -32001)).toMatchObject({ name: 'TaskNotFound', source: 'a2a' });
    expect(shown('mcp', -32001)).toMatchObject({ name: 'RequestTimeout', source: 'mcp' });
    expect(shown('lsp', -32001)).toMatchObject({ name: 'UnknownErrorCode', source: 'lsp' });
    expect(shown('ethereum', -32001)).toMatchObject({ name: 'Resource not found', source: 'ethereum' });
    expect(shown('base', -32001)).toMatchObject({ name: 'Server error', source: 'jsonrpc' });
  });

  it('names every A2A code from -32001 to -32009', () => {
    const names = [-32001, -32002, -32003, -32004, -32005, -32006, -32007, -32008, -32009].map((c) => shown('a2a', c).name);
    expect(names).toEqual([
      'TaskNotFound',
      'TaskNotCancelable',
      'PushNotificationNotSupported',
      'UnsupportedOperation',
      'ContentTypeNotSupported',
      'InvalidAgentResponse',
      'ExtendedAgentCardNotConfigured',
      'ExtensionSupportRequired',
      'VersionNotSupported',
    ]);
    expect(shown('a2a', -32010)).toMatchObject({ name: 'Server error', source: 'jsonrpc' });
    expect(shown('a2a', -32601)).toMatchObject({ name: 'MethodNotFound', source: 'a2a' });
  });

  it('a session detected as A2A decodes the answer to tasks/get as TaskNotFound', () => {
    const p = new MessagePipeline();
    const send = (dir: 'in' | 'out', body: unknown) => {
      const text = JSON.stringify(body);
      return p.message(dir, 0, 0, text, text);
    };
    expect(send('out', req(1, 'message/send', userText)).dialectChanged).toMatchObject({ id: 'a2a', evidence: expect.stringContaining('message/send') });
    send('out', req(2, 'tasks/get', { id: 'no-such-task' }));
    const answer = send('in', err(2, -32001, 'Task not found: no-such-task')).event;
    expect(answer.error).toMatchObject({ code: -32001, name: 'TaskNotFound', source: 'a2a', message: 'Task not found: no-such-task' });
  });
});

describe('an A2A stream is one answer going on, not duplicates', () => {
  const http = (requestSeq: number) => ({ http: { status: 200, statusText: 'OK', headers: {}, url: 'http://127.0.0.1/', method: 'POST', requestSeq } });
  function run(dialect: string | undefined, method: string, exchange: (requestSeq: number) => number) {
    const p = new MessagePipeline(dialect ? { dialect } : {});
    const text = (v: unknown) => JSON.stringify(v);
    const request = p.message('out', 0, 0, text(req(3, method, userText)), text(req(3, method, userText))).event;
    return [1, 2, 3].map((n) => {
      const body = text(ok(3, { kind: n === 1 ? 'task' : 'status-update', final: n === 3 }));
      return p.message('in', n, 0, body, body, http(exchange(request.seq))).event;
    });
  }

  it('every response on the message/stream exchange is answered and paired with the request', () => {
    for (const e of run('a2a', 'message/stream', (s) => s)) {
      expect(e).toMatchObject({ state: 'answered', pair: 1 });
      expect(e.findings).toEqual([]);
    }
  });

  it('a second answer is still a duplicate for a method that does not stream, or in plain JSON-RPC', () => {
    expect(run('a2a', 'message/send', (s) => s)[1]).toMatchObject({ state: 'duplicate', findings: [expect.objectContaining({ rule: 'duplicate-response' })] });
    expect(run('base', 'message/stream', (s) => s)[1].state).toBe('duplicate');
  });
});

it('answers that came back on another POST answer nothing of this one (HTTP pairs by exchange)', () => {
  const http = (requestSeq: number) => ({ http: { status: 200, statusText: 'OK', headers: {}, url: 'http://127.0.0.1/', method: 'POST', requestSeq } });
  const p = new MessagePipeline({ dialect: 'a2a' });
  const text = JSON.stringify(req(3, 'message/stream', userText));
  const request = p.message('out', 0, 0, text, text).event;
  const body = JSON.stringify(ok(3, { kind: 'task' }));
  const stray = p.message('in', 1, 0, body, body, http(request.seq + 100)).event;
  expect(stray.state).toBe('orphan');
  expect(stray.pair).toBeUndefined();
});

describe('A2A is offered wherever a dialect is chosen', () => {
  it('is in the picker as A2A and names the errors it decoded', () => {
    expect(listProfiles().map((p) => p.id)).toContain('a2a');
    expect(dialectLabel('a2a')).toBe('A2A');
    expect(errorSourceLabel('a2a')).toBe('A2A');
  });

  it('has no request cancel, and says what to do instead', () => {
    const r = getProfile('a2a').cancel({ id: 1, method: 'message/stream' });
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('tasks/cancel') });
  });

  it('its message/send template is a request the A2A detector recognises', () => {
    const p = getProfile('a2a');
    const send = p.templates.find((t) => t.steps[0]?.method === 'message/send')!;
    const text = p.render(send.steps[0], { id: 7 });
    expect(JSON.parse(text)).toMatchObject({ jsonrpc: '2.0', id: 7, method: 'message/send', params: { message: { role: 'user', parts: [{ kind: 'text' }] } } });
    expect(detect([['out', JSON.parse(text)]]).dialect).toBe('a2a');
  });
});
