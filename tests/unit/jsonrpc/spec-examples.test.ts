import { describe, expect, it } from 'vitest';
import { classify } from '../../../lib/jsonrpc';
import { Conversation, loadSpecVectors } from './harness';

const vectors = loadSpecVectors();

/** What rpcscope must call each request vector of the spec's section 7. */
const expectedKind: Record<string, string> = {
  'positional-1': 'request',
  'positional-2': 'request',
  'named-1': 'request',
  'named-2': 'request',
  'notification-1': 'notification',
  'notification-2': 'notification',
  'method-not-found': 'request',
  'invalid-json': 'parse-error',
  'invalid-request': 'invalid',
  'batch-invalid-json': 'parse-error',
  'empty-array': 'batch',
  'invalid-batch-1': 'batch',
  'invalid-batch-3': 'batch',
  batch: 'batch',
  'batch-all-notifications': 'batch',
};

const expectedItems: Record<string, string[]> = {
  'empty-array': [],
  'invalid-batch-1': ['invalid'],
  'invalid-batch-3': ['invalid', 'invalid', 'invalid'],
  batch: ['request', 'notification', 'request', 'invalid', 'request', 'request'],
  'batch-all-notifications': ['notification', 'notification'],
};

const errors = (fs: { severity: string }[]) => fs.filter((f) => f.severity === 'error');

describe('the JSON-RPC 2.0 specification examples', () => {
  it('covers every vector of the shared file', () => {
    expect(vectors.map((v) => v.id).sort()).toEqual(Object.keys(expectedKind).sort());
  });

  for (const v of vectors) {
    describe(v.id, () => {
      it(`is classified as ${expectedKind[v.id]}, in both its spellings`, () => {
        for (const text of [v.input, v.input_single_line]) {
          const c = classify(text);
          expect(c.kind).toBe(expectedKind[v.id]);
          if (expectedItems[v.id]) expect(c.items?.map((i) => i.kind)).toEqual(expectedItems[v.id]);
        }
      });

      it('says why when it is broken, and finds nothing wrong when it is valid', () => {
        const c = classify(v.input);
        const broken = ['invalid-json', 'invalid-request', 'batch-invalid-json', 'empty-array', 'invalid-batch-1', 'invalid-batch-3', 'batch'];
        if (broken.includes(v.id)) expect(errors(c.findings).length).toBeGreaterThan(0);
        else expect(c.findings).toEqual([]);
      });

      if (v.expect.kind !== 'none') {
        it('its expected reply is a valid response or array of them', () => {
          const reply = JSON.stringify(v.expect.kind === 'single' ? v.expect.response : v.expect.responses);
          const c = classify(reply);
          if (v.expect.kind === 'single') {
            const hasError = (v.expect.response as { error?: unknown }).error !== undefined;
            expect(c.kind).toBe(hasError ? 'error' : 'response');
          } else {
            expect(c.kind).toBe('batch');
            for (const item of c.items ?? []) expect(['response', 'error']).toContain(item.kind);
          }
          expect(c.findings).toEqual([]);
        });
      }

      it('pairs with its expected reply with no conversation finding (and none is expected for notifications)', () => {
        const conv = new Conversation();
        const req = conv.out(0, v.input);
        if (v.expect.kind === 'none') {
          // Nothing comes back, and nothing is waiting for an answer.
          expect(conv.c.pending()).toEqual([]);
          return;
        }
        const reply = JSON.stringify(v.expect.kind === 'single' ? v.expect.response : v.expect.responses);
        const ans = conv.in(4, reply);
        const a = conv.ev(ans);
        const conversationRules = a.findings.filter((f) => !classify(reply).findings.includes(f)).map((f) => f.rule);
        expect(conversationRules).toEqual([]);
        expect(a.pair).toBe(req);
        expect(a.state).toBe('answered');
        expect(a.latencyMs).toBe(4);
        expect(conv.ev(req).pair).toBe(ans);
        expect(conv.ev(req).state).toBe('answered');
        expect(conv.c.pending()).toEqual([]);
      });
    });
  }

  it('the batch reply pairs each entry with its request, whatever the order', () => {
    const v = vectors.find((x) => x.id === 'batch')!;
    const conv = new Conversation();
    const req = conv.out(0, v.input);
    const responses = [...(v.expect.responses as unknown[])].reverse();
    const ans = conv.in(3, JSON.stringify(responses));
    const items = conv.ev(req).items!;
    expect(items.map((i) => i.state)).toEqual(['answered', undefined, 'answered', 'answered', 'answered', 'answered']);
    for (const it of items) {
      if (it.state !== 'answered') continue;
      expect(it.pair).toBe(ans);
      const replyItem = conv.ev(ans).items![it.pairIndex!];
      expect(replyItem.pairIndex).toBe(it.index);
      if (it.id !== undefined) expect(replyItem.id).toBe(it.id);
    }
    // The {"foo": "boo"} entry gets the null-id Invalid Request error.
    expect(conv.ev(ans).items![items[3].pairIndex!].error?.name).toBe('Invalid Request');
  });
});
