import { describe, expect, it } from 'vitest';
import { replyTemplate } from '@/lib/builder/reply-templates';

describe('the reply composer starts from a result the target expects', () => {
  it('workspace/configuration: one entry per requested item', () => {
    const raw = 'Content-Length: 99\r\n\r\n{"jsonrpc":"2.0","id":0,"method":"workspace/configuration","params":{"items":[{"section":"a"},{"section":"b"}]}}';
    expect(replyTemplate('workspace/configuration', raw)).toBe('[null, null]');
    expect(replyTemplate('workspace/configuration', '{"jsonrpc":"2.0","id":0,"method":"workspace/configuration"}')).toBe('[null]');
  });
  it('MCP roots/list and ping', () => {
    expect(JSON.parse(replyTemplate('roots/list', ''))).toEqual({ roots: [] });
    expect(replyTemplate('ping', '')).toBe('{}');
  });
  it('unknown methods start at null', () => {
    expect(replyTemplate('my/own', '')).toBe('null');
    expect(replyTemplate(undefined, '')).toBe('null');
  });
  it('every template is valid JSON', () => {
    for (const m of ['client/registerCapability', 'window/showDocument', 'workspace/applyEdit', 'sampling/createMessage', 'elicitation/create']) {
      expect(() => JSON.parse(replyTemplate(m, ''))).not.toThrow();
    }
  });
});
