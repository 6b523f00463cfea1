import { describe, expect, it } from 'vitest';
import { findFolder, planItems, runReportToJunit, runSequence, type Exchange, type PlannedItem } from '@/lib/collections';
import type { TrafficEvent } from '@/lib/session/types';

const event = (seq: number, raw: string, extra: Partial<TrafficEvent> = {}): TrafficEvent =>
  ({ seq, t: 0, time: 0, dir: seq % 2 ? 'out' : 'in', raw, kind: 'response', findings: [], ...extra }) as TrafficEvent;

const tree = {
  items: [{ name: 'root item', kind: 'request' as const, payload: { text: '{"jsonrpc":"2.0","id":1,"method":"ping"}' } }],
  folders: [
    {
      name: 'Auth',
      items: [
        {
          name: 'login',
          kind: 'request' as const,
          payload: { text: '{"jsonrpc":"2.0","id":1,"method":"login","params":{"user":"{{user}}","password":"{{password}}"}}' },
          checks: { assertions: [{ kind: 'exists' as const, path: '$.result.token', exists: true }], captures: [{ variable: 'token', path: '$.result.token' }] },
        },
        {
          name: 'whoami',
          kind: 'request' as const,
          payload: { text: '{"jsonrpc":"2.0","id":2,"method":"whoami","params":["{{token}}"]}' },
          checks: { assertions: [{ kind: 'equals' as const, path: '$.result', value: 'ada' }], captures: [] },
        },
      ],
      folders: [{ name: 'Deeper', items: [{ name: 'later', kind: 'raw' as const, payload: { text: '{{nowhere}}' } }], folders: [] }],
    },
  ],
};

describe('running a folder as a sequence', () => {
  it('plans a folder’s own items first, then its subfolders’, and finds folders without case', () => {
    const auth = findFolder(tree.folders, ['auth'])!;
    expect(planItems(auth, ['Auth']).map((i) => [i.folder.join('/'), i.name])).toEqual([['Auth', 'login'], ['Auth', 'whoami'], ['Auth/Deeper', 'later']]);
    expect(planItems(tree).map((i) => i.name)).toEqual(['root item', 'login', 'whoami', 'later']);
    expect(findFolder(tree.folders, ['Auth', 'nope'])).toBeNull();
  });

  it('a captured value feeds the next item, secrets are masked in the report, an unknown variable is named', async () => {
    const sent: string[] = [];
    const send = async (_i: PlannedItem, text: string): Promise<Exchange> => {
      sent.push(text);
      const msg = JSON.parse(text) as { id: number; method: string; params: unknown };
      const result = msg.method === 'login' ? { token: 'tok-123' } : (msg.params as string[])[0] === 'tok-123' ? 'ada' : 'nobody';
      return { request: event(1, text, { kind: 'request', latencyMs: 3 }), answer: event(2, JSON.stringify({ jsonrpc: '2.0', id: msg.id, result }), { latencyMs: 3 }) };
    };
    const env = [{ name: 'user', value: 'ada' }, { name: 'password', value: 'hunter22', secret: true }];
    const report = await runSequence(planItems(findFolder(tree.folders, ['Auth'])!, ['Auth']), env, send);
    expect(sent[1]).toContain('"tok-123"');
    expect(report.items.map((o) => [o.name, o.status])).toEqual([['login', 'passed'], ['whoami', 'passed'], ['later', 'error']]);
    expect(report.items[0].sent).toContain('"password":"••••••••"');
    expect(report.items[0].sent).not.toContain('hunter22');
    expect(report.items[0].captured).toEqual(['token']);
    expect(report.items[2].problems[0]).toBe('payload uses {{nowhere}}: not defined in the chosen environment');
    expect(sent).toHaveLength(2);
    expect(report).toMatchObject({ passed: 2, failed: 0, errors: 1 });
  });

  it('a changed answer fails the item, and the JUnit file says which assertion and why', async () => {
    const send = async (_i: PlannedItem, text: string): Promise<Exchange> => {
      const msg = JSON.parse(text) as { id: number; method: string };
      const result = msg.method === 'login' ? { token: 't<&>"' } : 'grace';
      return { request: event(1, text, { kind: 'request' }), answer: event(2, JSON.stringify({ jsonrpc: '2.0', id: msg.id, result })) };
    };
    const auth = findFolder(tree.folders, ['Auth'])!;
    const report = await runSequence(planItems({ items: auth.items, folders: [] }, ['Auth']), [{ name: 'user', value: 'u' }, { name: 'password', value: 'p' }], send);
    expect(report.items.map((o) => o.status)).toEqual(['passed', 'failed']);
    const xml = runReportToJunit(report, 'My <API>');
    expect(xml).toContain('<testsuites name="My &lt;API&gt;" tests="2" failures="1" errors="0"');
    expect(xml).toContain('<testsuite name="My &lt;API&gt; › Auth" tests="2" failures="1"');
    expect(xml).toMatch(/<testcase name="whoami" [^>]*><failure message="\$\.result equals &quot;ada&quot;: got &quot;grace&quot;">/);
    expect(xml).toMatch(/<testcase name="login" [^>]*><system-out>pass \$\.result\.token exists/);
  });

  it('no answer is a failure with the reason, and an item that could not be sent is an error', async () => {
    const items: PlannedItem[] = [
      { folder: [], name: 'silent', kind: 'request', payload: { text: '{"jsonrpc":"2.0","id":1,"method":"x"}' }, checks: { assertions: [{ kind: 'latency', ms: 100 }], captures: [] } },
      { folder: [], name: 'refused', kind: 'request', payload: { text: '{"jsonrpc":"2.0","id":2,"method":"x"}' } },
    ];
    let n = 0;
    const report = await runSequence(items, [], async (_i, text) =>
      n++ === 0 ? { request: event(1, text, { kind: 'request', state: 'timed-out' }) } : { error: 'connection refused' },
    );
    expect(report.items[0]).toMatchObject({ status: 'failed', assertions: [{ pass: false, detail: 'no answer (timed-out)' }] });
    expect(report.items[1]).toMatchObject({ status: 'error', problems: ['connection refused'] });
    expect(runReportToJunit(report, 'c')).toContain('<error message="connection refused">');
  });
});
