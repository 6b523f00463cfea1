import { afterEach, describe, expect, it } from 'vitest';
import { LSP_SPEC } from '../../../lib/dialects/lsp-lifecycle';
import { restoreSpecRefs } from '../../../lib/jsonrpc/rules/spec-ref';
import { RULES } from '../../../lib/jsonrpc/rules/table';
import { MessagePipeline } from '../../../lib/session/pipeline';
import type { Finding, TrafficEvent } from '../../../lib/session/types';
import { tempStores } from './temp-store';
import { eventBody } from '../../../server/store/event-json';

const base = (over: Partial<TrafficEvent>): TrafficEvent =>
  ({ seq: 1, t: 0.5, time: 1_700_000_000_000, dir: 'in', raw: '{"jsonrpc":"2.0","method":"a"}', kind: 'notification', findings: [], ...over }) as TrafficEvent;

describe('the stored body of an event', () => {
  it('leaves out the members its columns hold (the rest keep their order), and the event itself is left as it was', () => {
    const ev = base({ id: 7, method: 'a', pair: 3, latencyMs: 1.5, state: 'answered', late: true });
    const before = JSON.stringify(ev);
    expect(eventBody(ev)).toBe('{"findings":[],"id":7,"late":true}');
    expect(JSON.stringify(ev)).toBe(before);
  });

  it('keeps a raw text that is not well-formed UTF-16 (SQLite cannot hold it in the raw column), and leaves base64 bytes to theirs', () => {
    const lone = base({ raw: 'bad \ud800 text' });
    expect(eventBody(lone)).toBe('{"raw":"bad \\ud800 text","findings":[]}');
    const bin = base({ rawBase64: 'AAEC' });
    expect(eventBody(bin)).toBe('{"findings":[]}');
    expect(bin).toMatchObject({ rawBase64: 'AAEC', raw: '{"jsonrpc":"2.0","method":"a"}' });
  });

  it('is the whole event, raw and base64 blanked in place, for an event whose members are in another order', () => {
    const { findings, ...rest } = base({ rawBase64: 'AAEC' });
    const ev = { findings, ...rest } as TrafficEvent;
    expect(Object.keys(ev)[0]).toBe('findings');
    expect(JSON.parse(eventBody(ev))).toEqual({ ...ev, raw: '', rawBase64: '' });
    expect(Object.keys(JSON.parse(eventBody(ev)))).toEqual(Object.keys(ev));
  });
});

describe("a finding's spec sentence in the store", () => {
  const temp = tempStores();
  afterEach(() => temp.cleanup());
  const rule = RULES.get('jsonrpc-version')!;

  it('is kept by reference to the rule table and read back exactly, key order included; a sentence of its own is kept as it is', () => {
    const tableFinding: Finding = { rule: rule.id, severity: rule.severity, message: rule.message, spec: rule.spec, path: 'jsonrpc' };
    const ownFinding: Finding = { rule: 'mcp-lifecycle', severity: 'warning', message: 'before initialize', spec: 'The client MUST send initialize first.' };
    const ev = base({ findings: [tableFinding, ownFinding], raw: '{"jsonrpc":"1.0","method":"a"}' });
    const before = JSON.stringify(ev);
    const body = eventBody(ev);
    expect(body).not.toContain(rule.spec);
    expect(body).toContain(ownFinding.spec);
    expect(JSON.stringify(ev)).toBe(before);

    const store = temp.open(temp.dir());
    store.sessions.create({ id: 's', name: 's', target: { kind: 'tcp', host: '127.0.0.1', port: 9, framing: 'newline' }, status: 'open', startedAt: new Date().toISOString() });
    store.events.appendMany('s', [ev]);
    const read = store.events.getEvent('s', 1)!;
    expect(JSON.stringify(read)).toBe(before);
    expect(read.findings[0].spec).toBe(rule.spec);
  });
});

describe("a dialect finding's spec sentence", () => {
  const temp = tempStores();
  afterEach(() => temp.cleanup());

  it('an LSP server calling before initialize is answered: stored and sent by the sentence name, read back and put back on the page exactly', () => {
    const pipeline = new MessagePipeline({ timeoutMs: 60_000 });
    const text = '{"jsonrpc":"2.0","id":1,"method":"window/workDoneProgress/create","params":{"token":"t"}}';
    const ev = pipeline.message('in', 1, 1_700_000_000_000, text, text).event;
    const finding = ev.findings.find((f) => f.rule === 'lsp-server-message-before-initialized');
    expect(finding?.spec).toBe(LSP_SPEC.serverBeforeInitialized);
    const before = JSON.stringify(ev);
    const body = eventBody(ev);
    expect(body).not.toContain(LSP_SPEC.serverBeforeInitialized);
    expect(body.length).toBeLessThan(before.length - LSP_SPEC.serverBeforeInitialized.length + 40);
    expect(JSON.stringify(ev)).toBe(before);

    // The page gets the same body in its frames and puts the sentence back from lib.
    const onPage = JSON.parse(body) as TrafficEvent;
    restoreSpecRefs(onPage.findings);
    expect(onPage.findings).toEqual(ev.findings);

    const store = temp.open(temp.dir());
    store.sessions.create({ id: 's', name: 's', target: { kind: 'tcp', host: '127.0.0.1', port: 9, framing: 'newline' }, status: 'open' });
    store.events.appendMany('s', [ev]);
    expect(JSON.stringify(store.events.getEvent('s', 1))).toBe(before);
  });

  it('a mark naming no sentence this build knows is shown as it came, never as another sentence or nothing', () => {
    const unknown: Finding = { rule: 'lsp-x', severity: 'info', message: 'm', spec: '\u0000lsp.noSuchSentence' };
    restoreSpecRefs([unknown]);
    expect(unknown.spec).toBe('\u0000lsp.noSuchSentence');
  });
});
