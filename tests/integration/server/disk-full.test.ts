/**
 * A real rpcscope process whose database is capped (`RPCSCOPE_MAX_DB_MB=1`) fills up during a
 * flood from a real peer: the process keeps running, nothing escapes to its error handlers, the
 * API's summary gives the reason and the entries not saved, and those plus the recorded ones add
 * up to what the session saw.
 *
 * Whether the recording is still "failed" when the flood ends is not something the server
 * promises: once a write fits again (the flood's last, smaller commits can fit the room a larger
 * refused one could not) the recorder resumes, and the summary says "resumed after" the same
 * reason with the same missing range. Which of the two the flood ends in depends on how its
 * entries fell into commits and on the retry backoff, so both are accepted, each checked in the
 * words the page shows (lib/session/recording-text.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/lib/session/types';
import { describeRanges, describeRecording } from '@/lib/session/recording-text';
import { peerPath } from '@/tests/fixtures/peers/start-peer';

const ROOT = path.resolve(__dirname, '../../..');
const TOKEN = 'disk-full-test-token-0123456789abcdef0123';
const parent = mkdtempSync(path.join(tmpdir(), 'rpcscope-diskfull-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe('a server whose database fills during a flood', () => {
  it('keeps running, says why and which entries were not saved (failed, or resumed after), and the counts add up', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/helpers/api-server-child.ts', '--port', '0'], {
      cwd: ROOT,
      env: { ...process.env, RPCSCOPE_DATA_DIR: path.join(parent, 'data'), RPCSCOPE_TOKEN: TOKEN, RPCSCOPE_MAX_DB_MB: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`server did not start: ${stderr}`)), 15_000);
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const m = /rpcscope is ready: (\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(new URL(m[1]).origin);
          }
        });
      });
      const api = async <T>(method: string, p: string, body?: unknown): Promise<T> => {
        const r = await fetch(origin + p, {
          method,
          headers: { 'x-rpcscope-token': TOKEN, origin, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const json = (await r.json()) as T & { error?: string };
        if (!r.ok) throw new Error(`${method} ${p}: ${json.error}`);
        return json;
      };

      const { session } = await api<{ session: SessionSummary }>('POST', '/api/sessions', {
        target: { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' },
      });
      const n = 20_000;
      await api('POST', `/api/sessions/${session.id}/send`, { text: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n } }) });

      // The session saw: 2 connection entries, the request, n notifications and the answer.
      const seen = n + 4;
      let summary: SessionSummary = session;
      for (let i = 0; i < 600; i++) {
        summary = (await api<{ session: SessionSummary }>('GET', `/api/sessions/${session.id}`)).session;
        if (summary.counts.events + (summary.recording?.notSaved ?? 0) >= seen) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const why = 'the disk is full (or the database reached its size limit)';
      const recording = summary.recording!;
      expect(recording).toBeDefined();
      if (recording.state === 'failed') {
        expect(recording.why).toBe(why);
        expect(describeRecording(recording)).toMatch(/^recording failed: the disk is full/);
      } else {
        // Resumed: a later, smaller write fitted, so entries after the outage's start are stored
        // (seqs start at 1); the outage and what it lost stay reported.
        expect(recording.lastFailure).toBe(why);
        expect(describeRecording(recording)).toContain(`recording resumed after: ${why}`);
        expect(summary.counts.events).toBeGreaterThanOrEqual(recording.missing[0].from);
      }
      expect(describeRecording(recording)).toContain(`not saved (${describeRanges(recording.missing)})`);
      expect(recording.notSaved).toBeGreaterThan(n / 2);
      expect(summary.counts.events + recording.notSaved).toBe(seen);
      const missing = recording.missing.reduce((sum, r) => sum + (r.to - r.from + 1), 0);
      expect(missing).toBe(recording.notSaved);
      // The history list says the same.
      const { sessions } = await api<{ sessions: SessionSummary[] }>('GET', '/api/sessions');
      expect(sessions.find((s) => s.id === session.id)?.recording).toMatchObject({ notSaved: recording.notSaved, missing: recording.missing });

      expect(child.exitCode).toBeNull();
      expect(stderr).not.toMatch(/SQLITE_FULL|Uncaught|unhandled/i);
      const code = await new Promise<number | null>((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
