import { beforeEach, describe, expect, it } from 'vitest';
import type { TrafficEvent } from '@/lib/session/types';
import { EMPTY_DRAFT, loadIntoBuilder, useBuilder } from '@/components/stores/builder';
import { useBatch } from '@/components/stores/batch';

let seq = 0;
function event(raw: string, kind: TrafficEvent['kind']): TrafficEvent {
  return { seq: ++seq, t: 0, time: 0, dir: 'out', raw, kind, findings: [] };
}

beforeEach(() => {
  useBuilder.setState({ draft: EMPTY_DRAFT, panelRequest: null });
});

describe('edit and resend from the timeline', () => {
  it('fills method, params (by shape) and the exact id, and asks for the builder panel', () => {
    loadIntoBuilder(event('Content-Length: 70\r\n\r\n{"jsonrpc":"2.0","id":"req-0","method":"subtract","params":[42,23]}', 'request'));
    const { draft, panelRequest } = useBuilder.getState();
    expect(draft).toMatchObject({ mode: 'compose', method: 'subtract', paramsMode: 'array', idPolicy: 'custom', customId: '"req-0"' });
    expect(draft.paramsText.array).toBe('[\n  42,\n  23\n]');
    // The other shape's buffer is left as it was.
    expect(draft.paramsText.object).toBe(EMPTY_DRAFT.paramsText.object);
    expect(panelRequest?.panel).toBe('builder');
  });

  it('a notification comes back with the id policy "none"', () => {
    loadIntoBuilder(event('{"jsonrpc":"2.0","method":"notify_hello"}', 'notification'));
    expect(useBuilder.getState().draft).toMatchObject({ method: 'notify_hello', idPolicy: 'none', paramsMode: 'omit' });
  });

  it('a message that is not a valid request opens in raw mode, text untouched', () => {
    const broken = '{"jsonrpc": "2.0", "method": "x", "params": [1,';
    loadIntoBuilder(event(broken, 'parse-error'));
    const { draft } = useBuilder.getState();
    expect(draft.mode).toBe('raw');
    expect(draft.rawText).toBe(broken);
    expect(draft.loadedFrom?.rawReason).toBe('not valid JSON');
  });

  it('a batch goes to the batch editor, entry by entry, and asks for the batch panel', () => {
    const before = useBuilder.getState().panelRequest?.nonce ?? 0;
    const e = event('[{"jsonrpc":"2.0","id":7,"method":"a","params":{"k":1}},{"jsonrpc":"2.0","method":"b"},{"foo":"boo"}]', 'batch');
    loadIntoBuilder(e);
    const { entries, loadedFrom } = useBatch.getState();
    expect(entries.map((x) => x.kind)).toEqual(['request', 'notification', 'raw']);
    expect(entries[0]).toMatchObject({ method: 'a', paramsMode: 'object', idPolicy: 'custom', customId: '7' });
    expect(entries[2].rawText).toBe('{\n  "foo": "boo"\n}');
    expect(loadedFrom).toBe(e.seq);
    expect(useBuilder.getState().panelRequest).toEqual({ panel: 'batch', nonce: before + 1 });
  });
});

describe('batch entries: add, duplicate, reorder, toggle, remove', () => {
  it('keeps order and identity through every operation', () => {
    const b = useBatch.getState();
    b.setEntries([]);
    b.add('request');
    b.add('notification');
    const [first, second] = useBatch.getState().entries;
    b.update(first.key, { method: 'one' });
    b.duplicate(first.key);
    expect(useBatch.getState().entries.map((e) => [e.kind, e.method])).toEqual([['request', 'one'], ['request', 'one'], ['notification', '']]);
    b.move(second.key, -2);
    expect(useBatch.getState().entries[0].key).toBe(second.key);
    b.move(second.key, -1); // already first: nothing happens
    expect(useBatch.getState().entries[0].key).toBe(second.key);
    b.toggleKind(second.key);
    expect(useBatch.getState().entries[0].kind).toBe('request');
    b.add('raw');
    const raw = useBatch.getState().entries[3];
    b.toggleKind(raw.key); // raw entries have no request/notification switch
    expect(useBatch.getState().entries[3].kind).toBe('raw');
    b.remove(first.key);
    expect(useBatch.getState().entries.map((e) => e.key)).not.toContain(first.key);
    expect(useBatch.getState().entries).toHaveLength(3);
  });
});
