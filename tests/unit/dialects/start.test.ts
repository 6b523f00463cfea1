/**
 * What "start the session for me" is made of, per dialect: the framing the connect form picks, the
 * handshake that is sent, and how each routine answer turns its rule into a result.
 */
import { describe, expect, it } from 'vitest';
import { getProfile, listProfiles } from '@/lib/dialects/registry';
import { autoReplyResult } from '@/lib/dialects/routine';
import { rootsFromText } from '@/lib/dialects/mcp-start';
import { mcpProgressLink } from '@/lib/dialects/mcp-tools';

describe('choosing a dialect picks its framing', () => {
  it('MCP over stdio is one message per line; LSP and DAP use Content-Length; HTTP-only dialects leave it to the user', () => {
    expect(getProfile('mcp').framing).toBe('newline');
    expect(getProfile('lsp').framing).toBe('content-length');
    expect(getProfile('dap').framing).toBe('content-length');
    expect(getProfile('a2a').framing).toBeNull();
    expect(getProfile('base').framing).toBeNull();
  });
});

describe('the one-step handshake', () => {
  it('MCP declares roots, sampling and elicitation, so the server shows everything it offers capable clients', () => {
    const [init, initialized] = getProfile('mcp').start!.handshake;
    expect(init).toMatchObject({ kind: 'request', method: 'initialize' });
    expect(init.params).toMatchObject({ capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: {} }, clientInfo: { name: 'rpcscope' } });
    expect(initialized).toMatchObject({ kind: 'notification', method: 'notifications/initialized' });
  });

  it('LSP sends initialize with text-document and workspace capabilities, then initialized', () => {
    const [init, initialized] = getProfile('lsp').start!.handshake;
    expect(init.params).toMatchObject({ capabilities: { workspace: { configuration: true }, textDocument: { hover: {} } } });
    expect(initialized).toMatchObject({ kind: 'notification', method: 'initialized' });
  });

  it('only dialects with a handshake offer it, and every routine answer has a label and a starting value', () => {
    const starters = listProfiles().filter((p) => p.start).map((p) => p.id);
    expect(starters).toEqual(['lsp', 'mcp']);
    for (const id of starters) {
      for (const a of getProfile(id).start!.answers) {
        expect(a.label).not.toBe('');
        if (a.input) expect(a.input.toValue(a.input.initialText)).toEqual({ ok: true, value: a.initial });
      }
    }
  });
});

describe('routine answers', () => {
  it('workspace/configuration gets the settings once per item asked; an array rule is the answer as written', () => {
    expect(autoReplyResult('workspace/configuration', { a: 1 }, { items: [{ section: 'json' }, { section: 'http' }] })).toEqual([{ a: 1 }, { a: 1 }]);
    expect(autoReplyResult('workspace/configuration', [1, 2, 3], { items: [{}] })).toEqual([1, 2, 3]);
    expect(autoReplyResult('workspace/configuration', {}, undefined)).toEqual([]);
  });

  it('other methods answer with the rule value itself', () => {
    expect(autoReplyResult('roots/list', { roots: [] }, {})).toEqual({ roots: [] });
    expect(autoReplyResult('my/method', 42, { items: [1, 2] })).toBe(42);
  });

  it('roots are read one URI per line with an optional name, and a line that is no URI is named', () => {
    expect(rootsFromText('file:///home/me/project My project\n\n  file:///tmp  ')).toEqual({
      ok: true,
      value: { roots: [{ uri: 'file:///home/me/project', name: 'My project' }, { uri: 'file:///tmp' }] },
    });
    expect(rootsFromText('')).toEqual({ ok: true, value: { roots: [] } });
    const bad = rootsFromText('/home/me');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toContain('"/home/me" is not a URI');
    expect(rootsFromText(Array.from({ length: 101 }, (_, i) => `file:///r${i}`).join('\n')).ok).toBe(false);
  });

  it('a call asks for MCP progress under its token, keeping the _meta it had', () => {
    expect(mcpProgressLink.askFor!({ name: 'echo', _meta: { other: 1 } }, 'p-1')).toEqual({ name: 'echo', _meta: { other: 1, progressToken: 'p-1' } });
  });
});
