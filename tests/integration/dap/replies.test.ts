/**
 * DAP, not just recognised: a real rpcscope stdio session with the dap-peer debug adapter. Its
 * reverse requests (runInTerminal, startDebugging) are answered by auto-replies and by the reply
 * composer's DAP response; `success: false` shows as a failed response.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { composeDapResponse, wireMismatchWarning } from '@/lib/builder/dap-reply';
import { eventStatus } from '@/lib/timeline/status';
import { peerPath } from '../../fixtures/peers/start-peer';
import { watchSession, type Watched } from '../mcp/helpers';

const target = { kind: 'stdio' as const, command: process.execPath, args: [peerPath('dap-peer')], framing: 'content-length' as const };
const request = (seq: number, command: string, args?: unknown) => JSON.stringify({ seq, type: 'request', command, ...(args !== undefined ? { arguments: args } : {}) });

let w: Watched | undefined;
afterEach(async () => {
  await w?.session.close();
  w = undefined;
});

describe('DAP replies against the dap-peer adapter', () => {
  it('answers the adapter’s runInTerminal by auto-reply with a DAP response, and the adapter takes it', async () => {
    w = await watchSession(target, { autoReplies: { runInTerminal: { processId: 4242 } } });
    const s = w;
    await s.session.send(request(1, 'initialize', { adapterID: 'rpcscope' }));
    await s.session.send(request(2, 'launch', { console: 'integratedTerminal' }));
    await s.waitFor('runInTerminal', (evs) => evs.some((e) => e.dir === 'in' && e.dap?.command === 'runInTerminal'));
    const ask = s.events.find((e) => e.dir === 'in' && e.dap?.command === 'runInTerminal')!;
    await s.waitFor('the auto-reply', () => s.bySeq(ask.seq)?.state === 'answered');
    const reply = JSON.parse(s.bySeq(s.bySeq(ask.seq)!.pair!)!.raw.replace(/^[^{]*/, ''));
    expect(reply).toMatchObject({ type: 'response', request_seq: ask.dap!.seq, success: true, command: 'runInTerminal', body: { processId: 4242 } });
    expect(Number.isInteger(reply.seq)).toBe(true);
    expect(reply).not.toHaveProperty('jsonrpc');
    await s.waitFor('the adapter’s note', (evs) => evs.some((e) => e.raw.includes('runInTerminal answered success=true body={\\"processId\\":4242}')));
    const launch = s.events.find((e) => e.dir === 'out' && e.dap?.command === 'launch')!;
    await s.waitFor('launch answered', () => s.bySeq(launch.seq)?.state === 'answered');
    expect(eventStatus(s.bySeq(launch.seq)!, s.bySeq).label).toBe('ok');
    expect(eventStatus(ask, s.bySeq).label).toBe('ok');
  }, 15_000);

  it('answers startDebugging with the composer’s DAP response', async () => {
    w = await watchSession(target);
    const s = w;
    await s.session.send(request(1, 'initialize', { adapterID: 'rpcscope' }));
    const child = await s.session.send(request(2, 'rpcscope.child'));
    await s.waitFor('startDebugging', (evs) => evs.some((e) => e.dir === 'in' && e.dap?.command === 'startDebugging'));
    const ask = s.events.find((e) => e.dir === 'in' && e.dap?.command === 'startDebugging')!;
    expect(eventStatus(ask, s.bySeq).label).toBe('pending');
    const composed = composeDapResponse(ask.dap!, 3, { success: true, bodyText: 'null' });
    if (!composed.ok) throw new Error(composed.error);
    await s.session.send(composed.text);
    await s.waitFor('the child answer', () => s.bySeq(child)?.state === 'answered');
    expect(s.bySeq(ask.seq)!.state).toBe('answered');
    expect(s.bySeq(s.bySeq(child)!.pair!)!.raw).toContain('"childStarted":true');
  }, 15_000);

  it('shows success:false as a failed response, on the response and on its request', async () => {
    w = await watchSession(target);
    const s = w;
    await s.session.send(request(1, 'initialize', { adapterID: 'rpcscope' }));
    const evaluate = await s.session.send(request(2, 'evaluate', { expression: '1+1' }));
    await s.waitFor('evaluate answered', () => s.bySeq(evaluate)?.state === 'answered');
    const answer = s.bySeq(s.bySeq(evaluate)!.pair!)!;
    expect(answer.error).toMatchObject({ name: 'Not stopped', source: 'dap', message: 'notStopped' });
    expect(eventStatus(answer, s.bySeq)).toMatchObject({ label: 'failed · notStopped', tone: 'error' });
    expect(eventStatus(s.bySeq(evaluate)!, s.bySeq)).toMatchObject({ label: 'failed · notStopped', tone: 'error' });
    const init = s.events.find((e) => e.dir === 'in' && e.dap?.command === 'initialize')!;
    expect(eventStatus(init, s.bySeq)).toMatchObject({ label: 'ok', tone: 'ok' });
  }, 15_000);

  it('warns before JSON-RPC text goes into a DAP session, and the adapter indeed does not understand it', async () => {
    const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' });
    expect(wireMismatchWarning('dap', text)).toContain('this session speaks DAP');
    expect(wireMismatchWarning('dap', request(1, 'threads'))).toBeUndefined();
    expect(wireMismatchWarning('jsonrpc', text)).toBeUndefined();
    w = await watchSession(target);
    const s = w;
    await s.session.send(text);
    await s.waitFor('the adapter’s complaint', (evs) => evs.some((e) => e.raw.includes('this is JSON-RPC, not DAP')));
  }, 15_000);
});
