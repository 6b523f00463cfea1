/** Tool results as the MCP pane shows them: errors as tool errors, pictures and sound only as data: URLs of safe types. */
import { describe, expect, it } from 'vitest';
import { readToolResult } from '@/lib/mcp/content';
import { listsChangedBy, readList } from '@/lib/mcp/catalog';
import { elicitationResult, readElicitation, samplingResult } from '@/lib/mcp/server-requests';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('tool results', () => {
  it('isError: true is a tool error with its text', () => {
    expect(readToolResult({ isError: true, content: [{ type: 'text', text: 'boom' }] })).toEqual({ isError: true, blocks: [{ type: 'text', text: 'boom' }] });
  });

  it('a PNG image becomes a data: URL; SVG, HTML or non-base64 data are never shown as media', () => {
    const [img] = readToolResult({ content: [{ type: 'image', mimeType: 'image/png', data: PNG }] }).blocks;
    expect(img).toEqual({ type: 'image', mimeType: 'image/png', src: `data:image/png;base64,${PNG}` });
    for (const c of [
      { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz4=' },
      { type: 'image', mimeType: 'text/html', data: 'PGI+' },
      { type: 'audio', mimeType: 'audio/wav', data: 'not base64!' },
      { type: 'image', mimeType: 'audio/wav', data: 'AAAA' },
    ]) {
      expect(readToolResult({ content: [c] }).blocks[0].type).toBe('other');
    }
  });

  it('audio of a safe type is audio; structured content is kept as JSON text', () => {
    const r = readToolResult({ content: [{ type: 'audio', mimeType: 'audio/wav', data: 'UklGRg==' }], structuredContent: { a: 1 } });
    expect(r.blocks[0]).toMatchObject({ type: 'audio', src: 'data:audio/wav;base64,UklGRg==' });
    expect(r.structured).toBe('{\n  "a": 1\n}');
  });
});

describe('list results', () => {
  it('reads tools with their schema and skips items that are not tools', () => {
    const r = readList('tools', { tools: [{ name: 'echo', description: 'Echo', inputSchema: { type: 'object' } }, { description: 'no name' }, 7], nextCursor: 'c2' });
    expect(r).toEqual({ ok: true, items: [{ name: 'echo', title: undefined, description: 'Echo', inputSchema: { type: 'object' } }], nextCursor: 'c2' });
    expect(readList('prompts', { nope: [] })).toEqual({ ok: false, error: 'the prompts/list result has no prompts array' });
  });

  it('a list_changed notification names the lists to refresh', () => {
    expect(listsChangedBy('notifications/tools/list_changed')).toEqual(['tools']);
    expect(listsChangedBy('notifications/resources/list_changed')).toEqual(['resources', 'templates']);
    expect(listsChangedBy('notifications/message')).toEqual([]);
  });
});

describe('answers to the server', () => {
  it('an elicitation form comes from requestedSchema; accept carries the content, decline none', () => {
    const v = readElicitation({ message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } });
    expect(v).toMatchObject({ mode: 'form', message: 'Your name?', form: { type: 'object', fields: [{ key: 'name', required: true }] } });
    expect(elicitationResult('accept', { name: 'Ada' })).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(elicitationResult('decline', { name: 'Ada' })).toEqual({ action: 'decline' });
  });

  it('a sampling answer is an assistant text message with a model name', () => {
    expect(samplingResult('hi', '')).toEqual({ role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'rpcscope-user', stopReason: 'endTurn' });
  });
});
