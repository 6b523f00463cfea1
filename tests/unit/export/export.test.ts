import { describe, expect, it } from 'vitest';
import { HTML_DATA_ID, buildHar, buildHtmlExport, inSelection, parseSeqSelection, safeFileName, selectEvents } from '@/lib/export';
import { HTML_VIEWER_STYLE } from '@/lib/export/html-viewer-style';
import { VIEWER_BUNDLE_PATH, viewerScript } from '@/server/export-viewer';
import { redactSessionFile } from '@/lib/redaction';
import type { SessionFileV1 } from '@/lib/session/types';
import { httpSession, stdioSession } from '../redaction/seeded';

const HOSTILE = '</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)> \u2028';

function withHostileEvent(file: SessionFileV1): SessionFileV1 {
  const last = file.events[file.events.length - 1];
  return {
    ...file,
    name: `<b>${HOSTILE}</b>`,
    events: [...file.events, { seq: last.seq + 1, t: last.t + 1, time: last.time + 1, dir: 'in', kind: 'noise', raw: HOSTILE, reason: 'not-json', findings: [] }],
  };
}

/** The embedded JSON as the browser's HTML parser would hand it to the viewer. */
function embedded(html: string): unknown {
  const open = `<script type="application/json" id="${HTML_DATA_ID}">`;
  const start = html.indexOf(open) + open.length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start)));
}

describe('HTML export', () => {
  const file = withHostileEvent(redactSessionFile(httpSession()).file);
  // The real bundle: vitest's global setup (scripts/build-viewer.ts) builds it from viewer/.
  const script = viewerScript();
  const html = buildHtmlExport(file, script);

  it('carries the session intact, and no peer text can close its script block or open a tag', () => {
    expect(embedded(html)).toEqual(file);
    const dataBlock = html.slice(html.indexOf(`id="${HTML_DATA_ID}">`), html.indexOf('</script>', html.indexOf(`id="${HTML_DATA_ID}">`)));
    expect(dataBlock.slice(dataBlock.indexOf('>') + 1)).not.toContain('<');
    // Exactly three scripts: the session, the target's one-line description (both JSON data), and the viewer.
    expect(html.match(/<script/g)).toHaveLength(3);
    expect(html.match(/<script type="application\/json"/g)).toHaveLength(2);
  });

  it('references no other origin outside the embedded data, and forbids fetching anything', () => {
    const withoutData = html.replace(/<script type="application\/json"[^>]*>[\s\S]*?<\/script>/g, '')
      // SVG's namespace name (the sequence diagram's elements) is an identifier, never fetched.
      .replaceAll("'http://www.w3.org/2000/svg'", '').replaceAll('"http://www.w3.org/2000/svg"', '');
    expect(withoutData).not.toMatch(/https?:\/\//);
    // `http:` followed by an arrow function is an object member (the filter's has:http test), not a URL.
    expect((script + HTML_VIEWER_STYLE).replaceAll("'http://www.w3.org/2000/svg'", '').replaceAll('"http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:(?![\w$]+=>)|\/\/[a-z]|url\(|@import|fetch\(|XMLHttpRequest|WebSocket|innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/);
    expect(html).toContain(`content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'"`);
  });

  it('inlines the viewer built from viewer/, and says how to build it when it is missing', () => {
    expect(html).toContain(`<script>${script}</script>`);
    expect(script).toContain('rpcscope-session'); // it reads the data block by its id
    const missing = `${VIEWER_BUNDLE_PATH}.missing-${process.pid}`;
    expect(() => viewerScript(missing)).toThrow(/viewer is not built \(dist\/export-viewer\.js\.missing-\d+ is missing\): run `npm run build`/);
    expect(() => buildHtmlExport(file, 'x = "</script><script>alert(1)"')).toThrow(/cannot be inlined/);
  });

  it('puts peer data nowhere but the data block: the title is fixed and set from data by the viewer', () => {
    expect(html).toContain('<title>rpcscope session</title>');
    expect(html.split(HOSTILE)).toHaveLength(1);
  });
});

describe('HAR export', () => {
  it('gives a HAR 1.2 log with every required field for each POST', () => {
    const { file } = redactSessionFile(httpSession());
    const r = buildHar(file);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const { log } = r.har;
    expect(log.version).toBe('1.2');
    expect(log.creator).toEqual({ name: 'rpcscope', version: expect.any(String) });
    expect(log.entries).toHaveLength(1);
    const e = log.entries[0];
    for (const k of ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings']) expect(e, k).toHaveProperty(k);
    for (const k of ['method', 'url', 'httpVersion', 'cookies', 'headers', 'queryString', 'headersSize', 'bodySize']) expect(e.request, k).toHaveProperty(k);
    for (const k of ['status', 'statusText', 'httpVersion', 'cookies', 'headers', 'content', 'redirectURL', 'headersSize', 'bodySize']) expect(e.response, k).toHaveProperty(k);
    expect(e.response.content).toMatchObject({ size: expect.any(Number), mimeType: 'application/json' });
    for (const k of ['send', 'wait', 'receive'] as const) expect(e.timings[k]).toBeGreaterThanOrEqual(0);
    expect(new Date(e.startedDateTime).toISOString()).toBe(e.startedDateTime);
    expect(e.request).toMatchObject({ method: 'POST', postData: { mimeType: 'application/json', text: file.events[1].raw } });
    expect(e.request.queryString).toEqual([{ name: 'token', value: '[redacted]' }]);
    expect(e.response.status).toBe(200);
    expect(e.timings.wait).toBe(10);
    expect(e.time).toBe(e.timings.wait + e.timings.receive);
    expect(e.request.headers).toContainEqual({ name: 'Authorization', value: '[redacted]' });
    expect(log.comment).toMatch(/^redacted before export: /);
  });

  it('refuses a session that is not HTTP, saying what to export instead', () => {
    expect(buildHar(stdioSession())).toMatchObject({ ok: false, error: expect.stringContaining('HAR export is for HTTP sessions; this one is stdio') });
  });
});

describe('download names and selections', () => {
  it.each([
    ['a path', '../../x', 'x.json'],
    ['a device name', 'CON', 'CON-file.json'],
    ['a device name with an extension', 'nul.txt', 'nul.txt-file.json'],
    ['a 10k-character name', 'x'.repeat(10_000), `${'x'.repeat(80)}.json`],
    ['only dots', '...', 'rpcscope.json'],
    ['punctuation and accents', 'my session: über/ok?', 'my-session-uber-ok.json'],
  ])('makes %s a harmless file name', (_what, label, want) => {
    expect(safeFileName(label, 'json')).toBe(want);
  });

  it('exports a selection of seqs given as ranges', () => {
    const r = parseSeqSelection('4-, 1,2');
    expect(r).toEqual({ ok: true, ranges: [{ from: 1, to: 2 }, { from: 4, to: Infinity }] });
    if (!r.ok) return;
    expect(selectEvents(stdioSession(), r.ranges).events.map((e) => e.seq)).toEqual([1, 2, 4, 5]);
    expect(inSelection(r.ranges, 3)).toBe(false);
    expect(parseSeqSelection('5-2')).toMatchObject({ ok: false, error: expect.stringContaining('ends before it starts') });
    expect(parseSeqSelection('a')).toMatchObject({ ok: false });
  });
});
