/** `rpcscope export` as a script or CI runs it: a real child process, real files. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serializeSessionFile } from '@/lib/session/file-format';
import { SECRETS, httpSession, stdioSession } from '../../unit/redaction/seeded';
import { rpcscope } from './run-cli';

const dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-export-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};
const http = write('http.rpcscope.json', serializeSessionFile(httpSession()));
const stdio = write('stdio.rpcscope.json', serializeSessionFile(stdioSession()));

describe('rpcscope export', () => {
  it('writes the sequence diagram of a session file as SVG', async () => {
    const out = path.join(dir, 'http.svg');
    const r = await rpcscope([http, '--format', 'svg', '--out', out], 30_000, 'export');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/exported \d+ entries as SVG sequence diagram to .*http\.svg; redacted \d+ value/);
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('login');
  });

  it('runs the redaction pass unless told not to', async () => {
    const safe = await rpcscope([http, '--format', 'session'], 30_000, 'export');
    expect(safe.code).toBe(0);
    expect(safe.stdout).toContain('"format"');
    expect(safe.stdout).not.toContain(SECRETS.jwt);
    const raw = await rpcscope([http, '--format', 'ndjson', '--redact', 'none'], 30_000, 'export');
    expect(raw.code).toBe(0);
    expect(raw.stdout).toContain(SECRETS.jwt);
    expect(raw.stderr).toContain('not redacted');
  });

  it('says why a format does not fit, and refuses bad usage with exit 2', async () => {
    const har = await rpcscope([stdio, '--format', 'har'], 30_000, 'export');
    expect(har.code).toBe(1);
    expect(har.stderr).toContain('only for HTTP sessions');
    const bad = await rpcscope([stdio, '--format', 'pdf'], 30_000, 'export');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/format must be one of session, html, har, ndjson, svg/);
    expect((await rpcscope([], 30_000, 'export')).code).toBe(2);
    const broken = await rpcscope([write('broken.json', '{"format":"nope"}')], 30_000, 'export');
    expect(broken.code).toBe(1);
  });
});
