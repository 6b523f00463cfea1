import { describe, expect, it } from 'vitest';
import { classify, RULE_LIST, type ClassifyOptions } from '../../../lib/jsonrpc';

/** Each message rule: messages that must fire it (at `path`) and close ones that must not. */
const cases: Record<string, { bad: string[]; good: string[]; path?: string; kind?: string; opts?: ClassifyOptions }> = {
  'parse-error': { bad: ['{"jsonrpc":"2.0",', '', '   ', 'nul', "{'a':1}"], good: ['{"jsonrpc":"2.0","method":"a"}'], kind: 'parse-error' },
  'not-jsonrpc': { bad: ['42', '"text"', 'null', 'true', '{"foo":"boo"}', '{"id":1}'], good: ['{"jsonrpc":"2.0","method":"a"}', '{"seq":1,"type":"event","event":"stopped"}'], kind: 'not-jsonrpc' },
  'jsonrpc-version': {
    bad: ['{"jsonrpc":"1.0","method":"a","id":1}', '{"method":"a","id":1}', '{"jsonrpc":2.0,"method":"a","id":1}', '{"jsonrpc":"2.0 ","result":1,"id":1}'],
    good: ['{"jsonrpc":"2.0","method":"a","id":1}', '{"jsonrpc":"2.0","result":null,"id":1}'],
    path: 'jsonrpc',
    kind: 'invalid',
  },
  'method-type': {
    bad: ['{"jsonrpc":"2.0","method":1,"id":1}', '{"jsonrpc":"2.0","method":null,"id":1}', '{"jsonrpc":"2.0","params":[],"id":1}', '{"jsonrpc":"2.0"}'],
    good: ['{"jsonrpc":"2.0","method":"","id":1}', '{"jsonrpc":"2.0","method":"a.b/c"}'],
    kind: 'invalid',
  },
  'method-reserved': { bad: ['{"jsonrpc":"2.0","method":"rpc.private_thing","id":1}'], good: ['{"jsonrpc":"2.0","method":"rpc.discover","id":1}', '{"jsonrpc":"2.0","method":"rpc","id":1}', '{"jsonrpc":"2.0","method":"rpcx.a","id":1}'], path: 'method', kind: 'request' },
  'params-type': {
    bad: ['{"jsonrpc":"2.0","method":"a","params":"bar","id":1}', '{"jsonrpc":"2.0","method":"a","params":null}', '{"jsonrpc":"2.0","method":"a","params":3,"id":1}'],
    good: ['{"jsonrpc":"2.0","method":"a","params":[],"id":1}', '{"jsonrpc":"2.0","method":"a","params":{}}', '{"jsonrpc":"2.0","method":"a"}'],
    path: 'params',
    kind: 'invalid',
  },
  'id-type': {
    bad: ['{"jsonrpc":"2.0","method":"a","id":{}}', '{"jsonrpc":"2.0","method":"a","id":[1]}', '{"jsonrpc":"2.0","method":"a","id":true}', '{"jsonrpc":"2.0","result":1,"id":false}'],
    good: ['{"jsonrpc":"2.0","method":"a","id":"x"}', '{"jsonrpc":"2.0","method":"a","id":0}', '{"jsonrpc":"2.0","method":"a","id":""}'],
    path: 'id',
    kind: 'invalid',
  },
  'id-fractional': { bad: ['{"jsonrpc":"2.0","method":"a","id":1.5}', '{"jsonrpc":"2.0","method":"a","id":-0.25}', '{"jsonrpc":"2.0","method":"a","id":1e-3}'], good: ['{"jsonrpc":"2.0","method":"a","id":2}', '{"jsonrpc":"2.0","method":"a","id":1e2}'], path: 'id', kind: 'request' },
  'id-unsafe-integer': { bad: ['{"jsonrpc":"2.0","method":"a","id":12345678901234567890}'], good: ['{"jsonrpc":"2.0","method":"a","id":9007199254740991}'], path: 'id', kind: 'request' },
  'request-null-id': { bad: ['{"jsonrpc":"2.0","method":"a","id":null}'], good: ['{"jsonrpc":"2.0","method":"a","id":0}', '{"jsonrpc":"2.0","method":"a"}', '{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}'], path: 'id', kind: 'request' },
  'request-and-response-members': { bad: ['{"jsonrpc":"2.0","method":"a","result":1,"id":1}', '{"jsonrpc":"2.0","method":"a","error":{"code":1,"message":"x"},"id":1}'], good: ['{"jsonrpc":"2.0","method":"a","id":1}'], kind: 'invalid' },
  'response-result-xor-error': {
    bad: ['{"jsonrpc":"2.0","result":1,"error":{"code":1,"message":"x"},"id":1}', '{"jsonrpc":"2.0","id":1}'],
    good: ['{"jsonrpc":"2.0","result":1,"id":1}', '{"jsonrpc":"2.0","error":{"code":1,"message":"x"},"id":1}', '{"jsonrpc":"2.0","result":null,"id":1}'],
    kind: 'invalid',
  },
  'response-id-missing': { bad: ['{"jsonrpc":"2.0","result":1}', '{"jsonrpc":"2.0","error":{"code":-32600,"message":"x"}}'], good: ['{"jsonrpc":"2.0","result":1,"id":null}'], path: 'id', kind: 'invalid' },
  'error-not-object': { bad: ['{"jsonrpc":"2.0","error":"boom","id":1}', '{"jsonrpc":"2.0","error":[1],"id":1}', '{"jsonrpc":"2.0","error":null,"id":1}'], good: ['{"jsonrpc":"2.0","error":{"code":1,"message":"x"},"id":1}'], path: 'error', kind: 'invalid' },
  'error-code-type': {
    bad: ['{"jsonrpc":"2.0","error":{"code":"-32601","message":"x"},"id":1}', '{"jsonrpc":"2.0","error":{"code":1.5,"message":"x"},"id":1}', '{"jsonrpc":"2.0","error":{"message":"x"},"id":1}'],
    good: ['{"jsonrpc":"2.0","error":{"code":-32601,"message":"x"},"id":1}', '{"jsonrpc":"2.0","error":{"code":0,"message":""},"id":1}'],
    path: 'error.code',
    kind: 'invalid',
  },
  'error-message-type': { bad: ['{"jsonrpc":"2.0","error":{"code":1},"id":1}', '{"jsonrpc":"2.0","error":{"code":1,"message":7},"id":1}'], good: ['{"jsonrpc":"2.0","error":{"code":1,"message":""},"id":1}'], path: 'error.message', kind: 'invalid' },
  'error-null-id': {
    bad: ['{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found"},"id":null}', '{"jsonrpc":"2.0","error":{"code":5,"message":"x"},"id":null}'],
    good: ['{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"},"id":null}', '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Invalid Request"},"id":null}', '{"jsonrpc":"2.0","error":{"code":-32601,"message":"x"},"id":1}'],
    path: 'id',
    kind: 'error',
  },
  'batch-item-type': { bad: ['[1]', '[[]]', '[{"foo":"boo"}]', '["a",{"jsonrpc":"2.0","method":"a"}]'], good: ['[{"jsonrpc":"2.0","method":"a","id":1}]'], kind: 'batch' },
  'batch-empty': { bad: ['[]', ' [ ] '], good: ['[{"jsonrpc":"2.0","method":"a"}]'], kind: 'batch' },
  'reply-parse-error': { bad: ['<html>502 Bad Gateway</html>', '{"jsonrpc":"2.0",'], good: ['{"jsonrpc":"2.0","result":1,"id":1}'], kind: 'parse-error', opts: { fromPeer: true } },
  'method-rpc-extension': {
    bad: ['{"jsonrpc":"2.0","method":"rpc.on","params":["update"],"id":1}', '{"jsonrpc":"2.0","method":"rpc.off","params":["update"],"id":2}', '{"jsonrpc":"2.0","method":"rpc.login","params":{},"id":3}', '{"jsonrpc":"2.0","method":"rpc.discover","id":4}'],
    good: ['{"jsonrpc":"2.0","method":"rpc.private_thing","id":1}', '{"jsonrpc":"2.0","method":"on","id":1}'],
    path: 'method',
    kind: 'request',
  },
  'response-unknown-member': {
    bad: ['{"jsonrpc":"2.0","result":1,"id":1,"notification":true}', '{"jsonrpc":"2.0","error":{"code":1,"message":"x"},"id":1,"stack":"at x"}'],
    good: ['{"jsonrpc":"2.0","result":{"stack":1,"notification":2},"id":1}', '{"jsonrpc":"2.0","method":"a","params":[],"id":1}'],
    kind: undefined,
  },
  'error-unknown-member': {
    bad: ['{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error","stack":"Error: boom\\n    at f"},"id":1}'],
    good: ['{"jsonrpc":"2.0","error":{"code":-32603,"message":"Internal error","data":{"stack":"at f"}},"id":1}'],
    path: 'error.stack',
    kind: 'error',
  },
  'duplicate-key': {
    bad: [
      '{"jsonrpc":"2.0","id":1,"id":2,"method":"a"}',
      '[{"jsonrpc":"2.0","method":"a","params":{"x":1,"\\u0078":2},"id":1}]',
      '{"jsonrpc":"2.0","result":1,"error":{"code":1,"code":2,"message":"x"},"id":1}',
      // Any member of the message object counts, not only the envelope's; a string ending in an escaped backslash ends there.
      '{"jsonrpc":"2.0","method":"a","x":1,"id":1,"x":2}',
      '{"jsonrpc":"2.0","method":"a\\\\","id":1 , "id" :2}',
      '{"jsonrpc":"2.0","error":{"code":1,"message":"x","data":{},"data":[]},"id":1}',
    ],
    good: [
      '{"jsonrpc":"2.0","method":"a","params":{"id":1,"x":{"id":2}},"id":1}',
      '{"jsonrpc":"2.0","method":"a","params":["id","id"],"id":"id"}',
      '{"jsonrpc":"2.0","method":"a\\"id","params":{"a\\"id":1},"id":1}',
      // Names inside strings and inside the result's own error-like objects are not the error object's members.
      '{"jsonrpc":"2.0","method":"a","params":["{\\"id\\":1,\\"id\\":2}"],"id":1}',
      '{"jsonrpc":"2.0","result":{"error":{"code":1},"x":{"code":2}},"id":1}',
      '{"jsonrpc":"2.0","error":{"code":1,"message":"x","data":{"code":2,"message":"y"}},"id":1}',
    ],
  },
  'batch-mixed': { bad: ['[{"jsonrpc":"2.0","method":"a","id":1},{"jsonrpc":"2.0","result":1,"id":2}]'], good: ['[{"jsonrpc":"2.0","result":1,"id":2},{"jsonrpc":"2.0","result":1,"id":3}]'], kind: 'batch' },
};

describe('message rules', () => {
  it('every rule has a stable id, a severity, a message and the spec sentence it enforces', () => {
    const ids = new Set<string>();
    for (const r of RULE_LIST) {
      expect(r.id).toMatch(/^[a-z][a-z0-9-]+$/);
      expect(ids.has(r.id)).toBe(false);
      ids.add(r.id);
      expect(['error', 'warning', 'info']).toContain(r.severity);
      expect(r.message.length).toBeGreaterThan(10);
      expect(r.spec.length).toBeGreaterThan(20);
      expect(r.section.length).toBeGreaterThan(3);
    }
  });

  it('every message rule is exercised below (except the batch size cap, tested on its own)', () => {
    const message = RULE_LIST.filter((r) => r.scope === 'message' && r.id !== 'batch-too-large').map((r) => r.id);
    expect(Object.keys(cases).sort()).toEqual(message.sort());
  });

  for (const [rule, c] of Object.entries(cases)) {
    describe(rule, () => {
      for (const text of c.bad) {
        it(`fires on ${JSON.stringify(text)}`, () => {
          const r = classify(text, c.opts);
          const f = r.findings.find((x) => x.rule === rule);
          expect(f, JSON.stringify(r.findings)).toBeDefined();
          expect(f!.spec).toBeTruthy();
          expect(f!.message).toBeTruthy();
          if (c.path && !text.trim().startsWith('[')) expect(f!.path).toBe(c.path);
          if (c.kind) expect(r.kind).toBe(c.kind);
        });
      }
      for (const text of c.good) {
        it(`stays quiet on ${JSON.stringify(text)}`, () => {
          expect(classify(text, c.opts).findings.map((x) => x.rule)).not.toContain(rule);
        });
      }
    });
  }

  it('a duplicate key names the member and the value JSON.parse kept', () => {
    const [f] = classify('{"jsonrpc":"2.0","id":7,"method":"a","id":8}').findings;
    expect(f).toMatchObject({ rule: 'duplicate-key', severity: 'warning', path: 'id' });
    expect(f.message).toBe('The member "id" appears more than once in the same object; JSON.parse kept the last one, the Number 8, and dropped the earlier value.');
    // Once the walk runs (an envelope name is repeated, or a batch), duplicates deeper down are named with their path too.
    const deep = classify('[{"jsonrpc":"2.0","method":"a","params":{"o":{"k":1,"k":"two"}},"id":1}]').findings.find((x) => x.rule === 'duplicate-key');
    expect(deep).toMatchObject({ path: '[0].params.o.k', message: expect.stringContaining('the String "two"') });
  });

  it('a warning alone does not make a message invalid; an error does', () => {
    expect(classify('{"jsonrpc":"2.0","method":"rpc.x","id":null}').kind).toBe('request');
    expect(classify('{"jsonrpc":"2.0","method":"x","id":1.5}').kind).toBe('request');
    expect(classify('{"jsonrpc":"2.0","method":"x","params":1,"id":1}').kind).toBe('invalid');
  });

  it('an invalid message still says what it tries to be, so its answer can be paired', () => {
    const both = classify('{"jsonrpc":"2.0","result":1,"error":{"code":1,"message":"x"},"id":7}');
    expect(both.kind).toBe('invalid');
    expect(both.role).toBe('error');
    expect(both.idKey).toBe('n:7');
    const oldStyle = classify('{"method":"a","params":[],"id":3}');
    expect(oldStyle.kind).toBe('invalid');
    expect(oldStyle.role).toBe('request');
    expect(oldStyle.method).toBe('a');
  });

  it('batch entries are classified one by one, with paths naming the entry', () => {
    const r = classify('[{"jsonrpc":"2.0","method":"a","id":1},{"jsonrpc":"2.0","method":2,"id":2},{"jsonrpc":"2.0","method":"n"}]');
    expect(r.kind).toBe('batch');
    expect(r.items!.map((i) => i.kind)).toEqual(['request', 'invalid', 'notification']);
    expect(r.items![1].findings[0]).toMatchObject({ rule: 'method-type', path: '[1].method' });
    // The whole event counts the entry's finding too.
    expect(r.findings.map((f) => f.path)).toContain('[1].method');
  });

  it('a huge batch is checked up to the cap, and says so', () => {
    const text = '[' + Array.from({ length: 30 }, (_, i) => `{"jsonrpc":"2.0","method":"a","id":${i}}`).join(',') + ']';
    const r = classify(text, { maxBatchItems: 10 });
    expect(r.items).toHaveLength(10);
    expect(r.findings.map((f) => f.rule)).toContain('batch-too-large');
  });

  it('a DAP message is labelled DAP, never an invalid request', () => {
    const req = classify('{"seq":3,"type":"request","command":"setBreakpoints","arguments":{}}');
    expect(req).toMatchObject({ kind: 'not-jsonrpc', protocol: 'dap', dap: { seq: 3, type: 'request', command: 'setBreakpoints' }, method: 'setBreakpoints' });
    expect(req.findings).toEqual([]);
    const res = classify('{"seq":4,"type":"response","request_seq":3,"success":false,"command":"setBreakpoints","message":"no"}');
    expect(res.dap).toEqual({ seq: 4, type: 'response', request_seq: 3, success: false, command: 'setBreakpoints' });
    const ev = classify('{"seq":5,"type":"event","event":"stopped","body":{}}');
    expect(ev.dap).toMatchObject({ type: 'event', event: 'stopped' });
    // A JSON-RPC message that happens to carry seq/type stays JSON-RPC.
    expect(classify('{"jsonrpc":"2.0","method":"a","seq":1,"type":"request","id":1}').kind).toBe('request');
  });

  it('only a complete DAP envelope is labelled DAP; a half-formed one is checked as JSON-RPC', () => {
    // The spec's ProtocolMessage: integer seq ≥ 0; a request names its command, a response its
    // request_seq, success and command, an event its event.
    for (const half of [
      '{"seq":1,"type":"request"}',
      '{"seq":1,"type":"request","command":5}',
      '{"seq":2,"type":"response","request_seq":1,"command":"threads"}',
      '{"seq":3,"type":"event"}',
      '{"seq":"1","type":"event","event":"x"}',
      '{"seq":1.5,"type":"event","event":"x"}',
      '{"seq":-1,"type":"event","event":"x"}',
    ]) {
      const c = classify(half);
      expect(c.protocol, half).toBeUndefined();
      expect(c.dap, half).toBeUndefined();
      expect(c.findings.length, half).toBeGreaterThan(0);
    }
    expect(classify('{"seq":4,"type":"response","request_seq":3,"success":true,"command":"threads"}').dap).toEqual({
      seq: 4,
      type: 'response',
      request_seq: 3,
      success: true,
      command: 'threads',
    });
  });

  it('never throws, whatever the input', () => {
    const seeds = [
      '{"jsonrpc":"2.0","method":"a","params":[1,{"b":[2]}],"id":12345678901234567890}',
      '[{"jsonrpc":"2.0","result":{"x":"\\"}"},"id":"\\u0069"},{"jsonrpc":"2.0","error":{"code":-32600,"message":"m"},"id":null}]',
      '{"__proto__":{"id":1},"constructor":1,"jsonrpc":"2.0","method":"toString","id":{"a":1}}',
      '{"seq":1,"type":"request","command":5}',
    ];
    const inputs: unknown[] = [undefined, null, 42, {}, '\uFEFF{}', '\u0000', '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]', '['.repeat(100_000), '{"a":' + '['.repeat(50_000) + ']'.repeat(50_000) + '}'];
    for (const s of seeds) for (let i = 0; i <= s.length; i++) inputs.push(s.slice(0, i), s.slice(i));
    let x = 12345;
    const alphabet = '{}[]",:0123456789.eE-+ \n\\abjsonrpcidmethodresulterror';
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const len = n % 60;
      for (let k = 0; k < len; k++) {
        x = (x * 1103515245 + 12345) & 0x7fffffff;
        s += alphabet[x % alphabet.length];
      }
      inputs.push(s);
    }
    for (const input of inputs) {
      const r = classify(input as string);
      expect(typeof r.kind).toBe('string');
      expect(Array.isArray(r.findings)).toBe(true);
    }
  });
});
