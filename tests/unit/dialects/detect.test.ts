import { describe, expect, it } from 'vitest';
import { createDialectDetector, detectDialect, listProfiles } from '@/lib/dialects';
import { classify } from '@/lib/jsonrpc/classify';
import { baseSession, dapSession, ethereumSession, lspSession, mcpSession } from './fixtures';
import { conversation, note, ok, req, type Step } from './traffic';

function detect(steps: Step[]) {
  return detectDialect(conversation(steps));
}

describe('the session header shows the dialect detected from traffic', () => {
  it('an LSP session is LSP, decided by its initialize', () => {
    const d = detect(lspSession);
    expect(d).toMatchObject({ dialect: 'lsp', decided: true, seq: 1 });
    expect(d.evidence).toMatch(/initialize request \(seq 1\) has params\.capabilities and params\.processId/);
  });

  it('an MCP session is MCP, decided by its initialize', () => {
    const d = detect(mcpSession);
    expect(d).toMatchObject({ dialect: 'mcp', decided: true, seq: 1 });
    expect(d.evidence).toContain('params.protocolVersion "2025-06-18" and params.clientInfo');
  });

  it('Ethereum calls are Ethereum', () => {
    expect(detect(ethereumSession)).toMatchObject({ dialect: 'ethereum', decided: true, seq: 1, evidence: expect.stringContaining('eth_chainId') });
  });

  it('DAP messages are DAP', () => {
    expect(detect(dapSession)).toMatchObject({ dialect: 'dap', decided: true, seq: 1, evidence: expect.stringContaining('DAP request `initialize`') });
  });

  it('an LSP initialize with only rootUri (processId omitted by some clients) is still LSP', () => {
    expect(detect([['out', req(1, 'initialize', { rootUri: null, capabilities: {} })]])).toMatchObject({ dialect: 'lsp', evidence: expect.stringContaining('rootUri') });
    expect(detect([['out', req(1, 'initialize', { workspaceFolders: null, capabilities: {} })]]).dialect).toBe('lsp');
  });

  it('a capture that starts after initialize is recognised by LSP-only or MCP-only methods', () => {
    expect(detect(lspSession.slice(4)).dialect).toBe('lsp'); // workspace/configuration from the server
    expect(detect(mcpSession.slice(2)).dialect).toBe('mcp'); // notifications/initialized
  });

  it('an MCP initialize result decides MCP even when the request carried no markers', () => {
    const d = detect([
      ['out', req(0, 'initialize', {})],
      ['in', ok(0, { protocolVersion: '2025-03-26', capabilities: {}, serverInfo: { name: 's', version: '1' } })],
    ]);
    expect(d).toMatchObject({ dialect: 'mcp', seq: 2, evidence: expect.stringContaining('result.serverInfo') });
  });

  it('markers inside a batch count', () => {
    expect(detect([['out', [req(1, 'eth_blockNumber', []), req(2, 'eth_chainId', [])]]]).dialect).toBe('ethereum');
  });

  it('unknown eth_-shaped names need two different ones before deciding', () => {
    const d = createDialectDetector();
    const [a, b] = conversation([
      ['out', req(1, 'eth_fooBar', [])],
      ['out', req(2, 'net_bazQux', [])],
    ]);
    expect(d.observe(a).decided).toBe(false);
    expect(d.observe(a).decided).toBe(false);
    expect(d.observe(b)).toMatchObject({ dialect: 'ethereum', decided: true });
  });
});

describe('detection does not misfire', () => {
  it('the JSON-RPC spec examples and lookalike methods stay on base', () => {
    const d = detect(baseSession);
    expect(d).toEqual({ dialect: 'base', decided: false });
  });

  it('an initialize without LSP or MCP members stays base', () => {
    for (const params of [undefined, {}, { capabilities: {} }, { clientInfo: { name: 'x' } }, { protocolVersion: '1' }, { processId: 1 }, { capabilities: 'yes', processId: 1 }]) {
      expect(detect([['out', req(1, 'initialize', params)]]).dialect).toBe('base');
    }
    // A notification named initialize is not the handshake.
    expect(detect([['out', note('initialize', { protocolVersion: '1', clientInfo: {} })]]).dialect).toBe('base');
  });

  it('an initialize result without serverInfo, or answering another request, decides nothing', () => {
    expect(
      detect([
        ['out', req(0, 'initialize', {})],
        ['in', ok(0, { protocolVersion: '1', capabilities: {} })],
        ['in', ok(7, { protocolVersion: '1', serverInfo: {} })],
      ]).dialect,
    ).toBe('base');
  });

  it('a DAP-like object inside JSON-RPC params, or with a jsonrpc member, is not DAP', () => {
    expect(detect([['out', { jsonrpc: '2.0', seq: 1, type: 'request', command: 'x', id: 1, method: 'm' }]]).dialect).toBe('base');
    expect(detect([['out', req(1, 'wrap', { seq: 1, type: 'request', command: 'x' })]]).dialect).toBe('base');
  });

  it('parse errors, noise and meta events change nothing', () => {
    const d = createDialectDetector();
    expect(d.observe({ classified: classify('not json at all') }).decided).toBe(false);
    expect(d.observe({ classified: classify('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}'), dir: 'meta' }).decided).toBe(false);
    expect(d.current().dialect).toBe('base');
  });

  it('once decided, later traffic of another dialect does not flip it', () => {
    const d = createDialectDetector();
    for (const m of conversation([...mcpSession, ...ethereumSession, ...lspSession])) d.observe(m);
    expect(d.current().dialect).toBe('mcp');
  });
});

describe('each dialect’s markers are its own', () => {
  it('no method that decides one dialect is a method another dialect lists, or claimed by two', () => {
    const profiles = listProfiles();
    for (const p of profiles) {
      const markers = p.markers;
      if (!markers) continue;
      for (const other of profiles) {
        if (other.id === p.id) continue;
        for (const m of other.methods) {
          const claimed = markers.onlyMethods.has(m.name) || (markers.onlyPrefixes ?? []).some((prefix) => m.name.startsWith(prefix));
          expect(claimed, `${p.id} claims ${m.name}, which ${other.id} lists`).toBe(false);
        }
        for (const name of other.markers?.onlyMethods ?? []) expect(markers.onlyMethods.has(name), `${p.id} and ${other.id} both claim ${name}`).toBe(false);
      }
    }
  });

  it('a profile’s only-methods are methods it lists, so completion and detection agree', () => {
    for (const p of listProfiles()) {
      const listed = new Set(p.methods.map((m) => m.name));
      const unlisted = [...(p.markers?.onlyMethods ?? [])].filter((n) => !listed.has(n));
      expect(unlisted, p.id).toEqual([]);
    }
  });
});
