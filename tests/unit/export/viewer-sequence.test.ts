/** The HTML export carries the sequence diagram, in a viewer bundle still free of zod and server code. */
import { describe, expect, it } from 'vitest';
import { buildHtmlExport } from '@/lib/export';
import { HTML_TARGET_LINE_ID } from '@/lib/export/html-ids';
import { viewerScript } from '@/server/export-viewer';
import type { SessionFileV1 } from '@/lib/session/types';
import { recordCalls, DIFF_TARGET } from '../../fixtures/sessions/diff-pair';

const facts = (html: string): unknown => {
  const open = `<script type="application/json" id="${HTML_TARGET_LINE_ID}">`;
  const start = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start)));
};

describe('the HTML export and the sequence diagram', () => {
  // The real bundle: vitest's global setup (scripts/build-viewer.ts) builds it from viewer/.
  const script = viewerScript();
  const file = (target: SessionFileV1['target']): SessionFileV1 => ({
    format: 'rpcscope-session', version: 1, target, startedAt: '2026-11-20T09:00:00.000Z', name: 'calc',
    events: recordCalls([{ method: 'sum', params: [1, 2], answer: { result: 3 }, ms: 2 }], 0),
  });

  it('ships the diagram in the viewer, without zod, the target schemas or anything of the server', () => {
    expect(script).toContain('Sequence diagram');
    expect(script).toContain('idle'); // the collapsed-gap label of lib/views
    expect(script).not.toMatch(/ZodError|_zod|safeParse|better-sqlite3|["'`]node:|require\(/);
  });

  it('tells the viewer whether the session was tapped, so the diagram draws client, rpcscope and server', () => {
    expect(facts(buildHtmlExport(file(DIFF_TARGET), script))).toMatchObject({ observed: false });
    expect(facts(buildHtmlExport(file({ kind: 'tap', command: 'calc-server', framing: 'auto' }), script))).toMatchObject({ observed: true });
  });
});
