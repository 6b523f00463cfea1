/**
 * What the status column says for MCP tool errors, MCP progress and DAP responses, from events
 * made by the real pipeline; the fast `eventTags` agrees with `eventStatus` on each.
 */
import { describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import { applyPatch } from '@/lib/session/patch';
import type { TrafficEvent } from '@/lib/session/types';
import { eventStatus, eventTags, Tag } from '@/lib/timeline/status';

function run(dialect: string, msgs: Array<['in' | 'out', unknown]>) {
  const p = new MessagePipeline({ dialect });
  const events = new Map<number, TrafficEvent>();
  msgs.forEach(([dir, value], i) => {
    const text = JSON.stringify(value);
    const out = p.message(dir, i, i, text, text);
    events.set(out.event.seq, out.event);
    for (const patch of out.patches) {
      const e = events.get(patch.seq);
      if (e) applyPatch(e, patch);
    }
  });
  const lookup = (s: number) => events.get(s);
  for (const e of events.values()) expect(eventTags(e, lookup), `seq ${e.seq}`).toBe(eventStatus(e, lookup).tags);
  return { at: (seq: number) => eventStatus(events.get(seq)!, lookup), ev: (seq: number) => events.get(seq)! };
}

describe('status of MCP tool results and progress', () => {
  it('a tools/call result with isError: true is a tool error on both the result and the request', () => {
    const r = run('mcp', [
      ['out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }],
      ['in', { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'boom' }], isError: true } }],
    ]);
    expect(r.at(2)).toMatchObject({ label: 'tool error', tone: 'error' });
    expect(r.at(1).tags & Tag.ERROR).toBeTruthy();
    expect(r.ev(2).findings[0].message).toContain('"boom"');
  });

  it('isError: false, or isError on another method, is plain ok', () => {
    const r = run('mcp', [
      ['out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x' } }],
      ['in', { jsonrpc: '2.0', id: 1, result: { content: [], isError: false } }],
      ['out', { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: 'a' } }],
      ['in', { jsonrpc: '2.0', id: 2, result: { contents: [], isError: true } }],
    ]);
    expect(r.at(1).label).toBe('ok');
    expect(r.at(3).label).toBe('ok');
    expect(r.at(4).label).toBe('ok');
  });

  it('progress names its request by token; the pending request shows how far it got; other tokens link to nothing', () => {
    const r = run('mcp', [
      ['out', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'x', _meta: { progressToken: 7 } } }],
      ['in', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 7, progress: 2, total: 5 } }],
      ['in', { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 8, progress: 1 } }],
    ]);
    expect(r.ev(2).progressOf).toBe(1);
    expect(r.at(2).label).toBe('progress of #1');
    expect(r.at(1)).toMatchObject({ label: 'pending · 2/5', tone: 'pending' });
    expect(r.ev(3).progressOf).toBeUndefined();
  });
});

describe('status of DAP messages', () => {
  it('success:false is a failed response and fails its request; success:true is ok; events are no "invalid"', () => {
    const r = run('dap', [
      ['out', { seq: 1, type: 'request', command: 'evaluate' }],
      ['in', { seq: 1, type: 'response', request_seq: 1, command: 'evaluate', success: false, message: 'notStopped' }],
      ['out', { seq: 2, type: 'request', command: 'threads' }],
      ['in', { seq: 2, type: 'response', request_seq: 2, command: 'threads', success: true, body: { threads: [] } }],
      ['in', { seq: 3, type: 'event', event: 'stopped' }],
    ]);
    expect(r.at(2)).toMatchObject({ label: 'failed · notStopped', tone: 'error' });
    expect(r.at(1)).toMatchObject({ label: 'failed · notStopped', tone: 'error' });
    expect(r.ev(2).error).toMatchObject({ name: 'Not stopped', source: 'dap' });
    expect(r.at(3).label).toBe('ok');
    expect(r.at(4).label).toBe('ok');
    expect(r.at(5).tags & Tag.INVALID).toBe(0);
  });
});
