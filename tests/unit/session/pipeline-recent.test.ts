import { describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import { RECENT } from '@/lib/session/recent-events';
import type { EventPatch, TrafficEvent } from '@/lib/session/types';

const msg = (p: MessagePipeline, dir: 'in' | 'out', body: string, t = 0) => p.message(dir, t, 0, body, body);
const rules = (e: { findings?: { rule: string }[] }) => (e.findings ?? []).map((f) => f.rule);

describe('what the pipeline learns later about an entry comes as a patch of its whole findings', () => {
  it('a timed-out request keeps what it was sent with and gets both findings in the patch', () => {
    const p = new MessagePipeline({ timeoutMs: 100 });
    const req = msg(p, 'out', '{"jsonrpc":"2.0","id":1,"method":"rpc.custom"}', 0).event;
    const asSent = JSON.stringify(req);
    expect(rules(req)).toEqual(['method-reserved']);

    const patches = p.tick(150);
    const patch = patches.find((x) => x.seq === req.seq);
    expect(patch).toMatchObject({ state: 'timed-out' });
    expect(rules(patch!)).toEqual(['method-reserved', 'no-response']);
    // The entry handed on is not changed behind the recorder's and the bridge's backs.
    expect(JSON.stringify(req)).toBe(asSent);
  });

  it('an answer contradicted later gets the new finding after the ones it had', () => {
    const p = new MessagePipeline({ timeoutMs: 100 });
    msg(p, 'out', '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 0);
    const notFound = msg(p, 'in', '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no","extra":1}}', 10).event;
    const asSent = JSON.stringify(notFound);
    expect(rules(notFound)).toEqual(['error-unknown-member']);
    msg(p, 'out', '{"jsonrpc":"2.0","id":2,"method":"tools/list"}', 20);
    const later = msg(p, 'in', '{"jsonrpc":"2.0","id":2,"result":[]}', 30).patches.find((x) => x.seq === notFound.seq);
    expect(rules(later!)).toEqual(['error-unknown-member', 'method-not-found-misclaimed']);
    expect(JSON.stringify(notFound)).toBe(asSent);
  });

  it('remembers the last entries by seq, and an entry beyond them gets no patch', () => {
    const p = new MessagePipeline({ timeoutMs: 100 });
    const first = msg(p, 'out', '{"jsonrpc":"2.0","id":"old","method":"a"}', 0).event;
    const events: TrafficEvent[] = [];
    for (let i = 0; i < RECENT; i++) events.push(msg(p, 'in', `{"jsonrpc":"2.0","method":"n","params":[${i}]}`, 1).event);
    const recent = msg(p, 'out', '{"jsonrpc":"2.0","id":"new","method":"a"}', 1).event;
    const patches: EventPatch[] = p.tick(500);
    // Both time out; only the one still remembered can get its finding.
    expect(patches.find((x) => x.seq === first.seq)).toEqual({ seq: first.seq, state: 'timed-out' });
    expect(rules(patches.find((x) => x.seq === recent.seq)!)).toEqual(['no-response']);
    expect(events).toHaveLength(RECENT);
  });
});
