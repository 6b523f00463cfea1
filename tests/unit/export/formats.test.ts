import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, EXPORT_FORMAT_IDS, ExportFormatSchema, safeFileName } from '@/lib/export';
import { buildNdjson } from '@/lib/export/ndjson';
import { redactSessionFile } from '@/lib/redaction';
import { serializeSessionFile } from '@/lib/session/file-format';
import type { SessionFileV1 } from '@/lib/session/types';
import { EXPORT_ASSETS } from '@/server/export-viewer';
import { SECRETS, httpSession, stdioSession } from '../redaction/seeded';

describe('NDJSON export', () => {
  it('writes one line per event, each the event exactly as the session file has it', () => {
    const file = stdioSession();
    const text = buildNdjson(file);
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(file.events.length);
    const fromFile = (JSON.parse(serializeSessionFile(file)) as SessionFileV1).events;
    // Same members and the same key order as the session file writes them.
    expect(lines).toEqual(fromFile.map((e) => JSON.stringify(e)));
  });

  it('keeps an event with line breaks, U+2028 and Content-Length headers in its raw text on one line', () => {
    const raw = 'Content-Length: 17\r\n\r\n{"a":"x\ny\u2028z"}';
    const file: SessionFileV1 = { ...stdioSession(), events: [{ seq: 1, t: 0, time: 0, dir: 'in', kind: 'noise', raw, reason: 'not-json', findings: [] }] };
    const text = buildNdjson(file);
    expect(text.split('\n')).toEqual([expect.any(String), '']);
    expect((JSON.parse(text) as { raw: string }).raw).toBe(raw);
  });

  it('writes nothing for a session without events', () => {
    expect(buildNdjson({ ...stdioSession(), events: [] })).toBe('');
  });

  it('carries no secret once the redaction pass has run, like the other formats', () => {
    const raw = buildNdjson(httpSession());
    const seeded = Object.values(SECRETS).map(String).filter((s) => raw.includes(s));
    expect(seeded.length).toBeGreaterThan(3);
    const text = buildNdjson(redactSessionFile(httpSession(), {
      jsonPaths: ['params.pin'],
      secrets: [{ name: 'PASSWORD', value: SECRETS.variable }],
    }).file);
    expect(seeded.filter((s) => text.includes(s))).toEqual([]);
  });
});

describe('the export format registry', () => {
  it('accepts exactly its own ids for format=, and names them all when refusing another', () => {
    for (const id of EXPORT_FORMAT_IDS) expect(ExportFormatSchema.parse(id)).toBe(id);
    expect(EXPORT_FORMAT_IDS).toContain('ndjson');
    const bad = ExportFormatSchema.safeParse('pdf');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(`format must be one of ${EXPORT_FORMAT_IDS.join(', ')}`);
  });

  it('gives every format a distinct, harmless download name and a content type', () => {
    const names = EXPORT_FORMAT_IDS.map((id) => safeFileName('my session', EXPORT_FORMATS[id].extension));
    expect(new Set(names).size).toBe(EXPORT_FORMAT_IDS.length);
    for (const [i, id] of EXPORT_FORMAT_IDS.entries()) {
      expect(names[i]).toBe(`my-session.${EXPORT_FORMATS[id].extension}`);
      expect(EXPORT_FORMATS[id].contentType).toMatch(/^[a-z]+\/[a-z0-9.+-]+; charset=utf-8$/);
    }
  });

  it('builds every format that fits a session, and the one that does not says why', () => {
    for (const file of [httpSession(), stdioSession()]) {
      for (const id of EXPORT_FORMAT_IDS) {
        const format = EXPORT_FORMATS[id];
        const why = 'unavailable' in format ? format.unavailable(file.target) : null;
        const built = format.build(file, EXPORT_ASSETS);
        expect(built.ok, `${id} on ${file.target.kind}`).toBe(why === null);
        if (!built.ok) expect(built.error.length).toBeGreaterThan(10);
        else expect(built.body.length).toBeGreaterThan(0);
      }
    }
  });
});
