import { describe, expect, it } from 'vitest';
import type { TargetSpec } from '@/lib/session/types';
import { CONNECTABLE_KIND_LIST, connectableKindDef } from '@/lib/targets/registry';

/** One target per kind the form opens, with the awkward parts: headers, quoted args, env, cwd. */
const SAMPLES: TargetSpec[] = [
  { kind: 'http', url: 'http://127.0.0.1:8545/rpc', headers: { Authorization: 'Bearer s3cret', 'X-Trace': '1' } },
  { kind: 'websocket', url: 'ws://127.0.0.1:9000/', headers: { Cookie: 'a=b' }, subprotocols: ['jsonrpc', 'v2'] },
  { kind: 'stdio', command: 'node', args: ['server.js', '--stdio'], framing: 'content-length' },
  { kind: 'stdio', command: 'node', args: ['-e', 'console.log("hi there")', ''], cwd: '/tmp', env: { DEBUG: '1', EMPTY: '' }, framing: 'newline' },
  { kind: 'tcp', host: '127.0.0.1', port: 2087, framing: 'auto' },
  { kind: 'unix', path: '/tmp/server.sock', framing: 'newline' },
];

describe('Duplicate as new target fills the connect form with exactly the old target', () => {
  it('every connectable kind has a sample here', () => {
    expect(new Set(SAMPLES.map((t) => t.kind))).toEqual(new Set(CONNECTABLE_KIND_LIST));
  });

  for (const target of SAMPLES) {
    it(`${target.kind}: the filled form builds the same target back`, () => {
      const form = connectableKindDef(target.kind as (typeof CONNECTABLE_KIND_LIST)[number]).form;
      const built = form.build(form.fromTarget(target));
      expect(built).toEqual({ ok: true, target });
    });
  }
});
