import { describe, expect, it } from 'vitest';
import { detectDialect, DIALECT_IDS, dialectLabel, errorSourceLabel, findMethod, getProfile, listProfiles, describeDapFailure, isDialectId } from '@/lib/dialects';
import { parseCreateSessionBody } from '@/lib/session/schemas';
import { classify } from '@/lib/jsonrpc/classify';
import { isMcpDialect } from '@/lib/dialects/mcp';
import { MessagePipeline } from '@/lib/session/pipeline';

describe('Cancel sends the dialect’s cancel message', () => {
  it('LSP: $/cancelRequest with the pending id', () => {
    const r = getProfile('lsp').cancel({ id: 7, method: 'textDocument/hover' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.method).toBe('$/cancelRequest');
    expect(JSON.parse(r.text)).toEqual({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 7 } });
    expect(classify(r.text)).toMatchObject({ kind: 'notification', method: '$/cancelRequest', findings: [] });
  });

  it('MCP: notifications/cancelled with requestId and reason', () => {
    const r = getProfile('mcp').cancel({ id: 'req-3', method: 'tools/call' }, { reason: 'User pressed Cancel' });
    expect(r.ok && JSON.parse(r.text)).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 'req-3', reason: 'User pressed Cancel' },
    });
  });

  it('ids 0 and "" are real ids', () => {
    const lsp = getProfile('lsp').cancel({ id: 0 });
    const mcp = getProfile('mcp').cancel({ id: '' });
    expect(lsp.ok && JSON.parse(lsp.text).params.id).toBe(0);
    expect(mcp.ok && JSON.parse(mcp.text).params.requestId).toBe('');
  });

  it('an id beyond 2^53 is echoed exactly as it was written', () => {
    const r = getProfile('lsp').cancel({ id: 12345678901234567000, idText: '12345678901234567890' });
    expect(r.ok && r.text).toContain('"id":12345678901234567890}');
  });

  it('wire text that is not a JSON number or string is not pasted into the message', () => {
    const r = getProfile('lsp').cancel({ id: 5, idText: '1},"evil":{"x":1' });
    expect(r.ok && JSON.parse(r.text)).toEqual({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 5 } });
  });

  it('MCP refuses to cancel initialize, and requests without an id cannot be cancelled', () => {
    expect(getProfile('mcp').cancel({ id: 0, method: 'initialize' })).toMatchObject({ ok: false, reason: expect.stringContaining('initialize') });
    expect(getProfile('lsp').cancel({ id: null })).toMatchObject({ ok: false });
  });

  it('DAP: a cancel request naming the pending seq, with its own seq', () => {
    const r = getProfile('dap').cancel({ dapSeq: 12 }, { seq: 15 });
    expect(r.ok && JSON.parse(r.text)).toEqual({ seq: 15, type: 'request', command: 'cancel', arguments: { requestId: 12 } });
    expect(getProfile('dap').cancel({ dapSeq: 12 })).toMatchObject({ ok: false });
  });

  it('plain JSON-RPC and Ethereum say they cannot cancel', () => {
    expect(getProfile('base').cancel({ id: 1 })).toMatchObject({ ok: false });
    expect(getProfile('ethereum').cancel({ id: 1 })).toMatchObject({ ok: false });
  });
});

describe('handshake templates insert valid messages', () => {
  it.each(DIALECT_IDS)('%s templates render to messages of the right kind', (id) => {
    const p = getProfile(id);
    expect(p.templates.length).toBeGreaterThan(0);
    for (const t of p.templates) {
      t.steps.forEach((step, i) => {
        const text = p.render(step, { id: i, seq: i + 1 });
        const c = classify(text);
        if (p.wire === 'dap') {
          expect(c.dap).toMatchObject({ type: 'request', command: step.method, seq: i + 1 });
        } else {
          expect(c.kind).toBe(step.kind);
          expect(c.method).toBe(step.method);
          expect(c.findings.filter((f) => f.severity === 'error')).toEqual([]);
        }
      });
    }
  });

  it('the LSP handshake has initialize with capabilities/processId/rootUri, then initialized', () => {
    const t = getProfile('lsp').templates.find((x) => x.id === 'lsp-handshake')!;
    expect(t.steps.map((s) => [s.kind, s.method])).toEqual([
      ['request', 'initialize'],
      ['notification', 'initialized'],
    ]);
    expect(t.steps[0].params).toMatchObject({ processId: null, rootUri: null, capabilities: expect.any(Object) });
  });

  it('the MCP handshake has initialize with protocolVersion/clientInfo/capabilities, then notifications/initialized', () => {
    const t = getProfile('mcp').templates.find((x) => x.id === 'mcp-handshake')!;
    expect(t.steps.map((s) => s.method)).toEqual(['initialize', 'notifications/initialized']);
    expect(t.steps[0].params).toMatchObject({ protocolVersion: '2025-11-25', clientInfo: { name: 'rpcscope' }, capabilities: {} });
  });

  it('Ethereum examples include eth_chainId and eth_blockNumber with positional params', () => {
    const steps = getProfile('ethereum').templates.flatMap((t) => t.steps);
    expect(steps.map((s) => s.method)).toEqual(expect.arrayContaining(['eth_chainId', 'eth_blockNumber', 'eth_getBalance', 'eth_call']));
    for (const s of steps) expect(Array.isArray(s.params)).toBe(true);
  });

  it('a session started from a template is detected as that template’s dialect', () => {
    for (const id of ['lsp', 'mcp', 'ethereum', 'dap'] as const) {
      const p = getProfile(id);
      const texts = p.templates[0].steps.map((s, i) => p.render(s, { id: i, seq: i + 1 }));
      expect(detectDialect(texts.map((t) => classify(t))).dialect).toBe(id);
    }
    const base = getProfile('base');
    expect(detectDialect(base.templates[0].steps.map((s) => classify(base.render(s)))).dialect).toBe('base');
  });
});

describe('methods for completion', () => {
  it.each(DIALECT_IDS)('%s lists each method once, with a direction, a kind and a summary', (id) => {
    const ms = getProfile(id).methods;
    expect(new Set(ms.map((m) => m.name)).size).toBe(ms.length);
    for (const m of ms) {
      expect(['client→server', 'server→client', 'both']).toContain(m.direction);
      expect(['request', 'notification', 'event']).toContain(m.kind);
      expect(m.summary.length).toBeGreaterThan(5);
    }
  });

  it('knows who sends what', () => {
    expect(findMethod('lsp', 'workspace/configuration')).toMatchObject({ direction: 'server→client', kind: 'request' });
    expect(findMethod('lsp', 'window/workDoneProgress/create')).toMatchObject({ direction: 'server→client', kind: 'request' });
    expect(findMethod('lsp', '$/cancelRequest')).toMatchObject({ direction: 'both', kind: 'notification' });
    expect(findMethod('mcp', 'sampling/createMessage')).toMatchObject({ direction: 'server→client' });
    expect(findMethod('mcp', 'notifications/initialized')).toMatchObject({ direction: 'client→server', kind: 'notification' });
    expect(findMethod('ethereum', 'eth_subscription')).toMatchObject({ direction: 'server→client', kind: 'notification' });
    expect(findMethod('dap', 'stopped')).toMatchObject({ direction: 'server→client', kind: 'event' });
    expect(findMethod('dap', 'runInTerminal')).toMatchObject({ direction: 'server→client', kind: 'request' });
    expect(findMethod('lsp', 'tools/call')).toBeUndefined();
  });

  it('names the progress messages', () => {
    expect(getProfile('lsp').progress.methods).toContain('$/progress');
    expect(getProfile('mcp').progress.methods).toEqual(['notifications/progress']);
    expect(getProfile('dap').progress.methods).toEqual(['progressStart', 'progressUpdate', 'progressEnd']);
    expect(getProfile('base').progress.methods).toEqual([]);
  });
});

describe('registry', () => {
  it('lists every profile once and falls back to base for unknown ids', () => {
    expect(listProfiles().map((p) => p.id)).toEqual(['base', 'lsp', 'mcp', 'ethereum', 'dap', 'a2a']);
    expect(getProfile('cobol').id).toBe('base');
    expect(getProfile(undefined).id).toBe('base');
    expect(isDialectId('mcp')).toBe(true);
    expect(isDialectId('MCP')).toBe(false);
    expect(isDialectId('toString')).toBe(false);
  });

  it('every dialect can be chosen when connecting, and nothing else can', () => {
    const target = { kind: 'http', url: 'http://127.0.0.1:1/' };
    for (const dialect of DIALECT_IDS) expect(parseCreateSessionBody({ target, dialect }).ok, dialect).toBe(true);
    const bad = parseCreateSessionBody({ target, dialect: 'cobol' });
    expect(bad.ok).toBe(false);
  });

  it('each dialect is named in the picker and on the errors its catalog decoded', () => {
    for (const p of listProfiles()) {
      expect(dialectLabel(p.id)).toBe(p.label);
      expect(p.label.length).toBeGreaterThan(0);
      // Plain JSON-RPC's catalog is the spec's own, named JSON-RPC.
      if (p.errors.source !== 'jsonrpc') expect(errorSourceLabel(p.errors.source)).toBe(p.label);
    }
    expect(errorSourceLabel('jsonrpc')).toBe('JSON-RPC');
    expect(errorSourceLabel('openrpc')).toBe('OpenRPC');
    expect(errorSourceLabel('LSP')).toBe('LSP');
    expect(dialectLabel('cobol')).toBe('cobol');
    expect(errorSourceLabel('some-lib')).toBe('some-lib');
  });
});

describe('DAP failures are named', () => {
  it('describes failed responses by their message and body.error', () => {
    expect(describeDapFailure({ seq: 9, type: 'response', request_seq: 8, success: false, command: 'next', message: 'notStopped' })).toMatchObject({
      name: 'Not stopped',
      command: 'next',
    });
    expect(
      describeDapFailure({
        seq: 9,
        type: 'response',
        request_seq: 8,
        success: false,
        command: 'evaluate',
        message: 'evaluate failed',
        body: { error: { id: 2001, format: 'Unable to evaluate {expr}: {why}', variables: { expr: 'x.y', why: 'no such name' } } },
      }),
    ).toMatchObject({ name: 'Request failed', errorId: 2001, detail: 'Unable to evaluate x.y: no such name' });
    expect(describeDapFailure({ seq: 9, type: 'response', request_seq: 8, success: true, command: 'next' })).toBeUndefined();
  });

  it('a DAP message is tagged with the DAP dialect\'s own name, and a failed response\'s error is labelled DAP', () => {
    const dap = getProfile('dap');
    expect(classify('{"seq":1,"type":"request","command":"initialize"}').protocol).toBe(dap.id);
    const pipeline = new MessagePipeline({ dialect: 'dap' });
    const send = (dir: 'in' | 'out', body: string) => pipeline.message(dir, 0, 0, body, body);
    send('out', '{"seq":1,"type":"request","command":"next"}');
    const failed = send('in', '{"seq":2,"type":"response","request_seq":1,"success":false,"command":"next","message":"notStopped"}');
    expect(failed.event.error?.source).toBe(dap.errors.source);
    expect(errorSourceLabel(failed.event.error?.source ?? '')).toBe('DAP');
  });
});

describe('MCP-only features ask the MCP dialect', () => {
  it('only an MCP session gets the MCP panes and Streamable HTTP\'s rules', () => {
    expect(DIALECT_IDS.filter(isMcpDialect)).toEqual(['mcp']);
    expect(isMcpDialect(undefined)).toBe(false);
    expect(isMcpDialect('MCP')).toBe(false);
  });
});
