/**
 * `rpcscope probe` as a script or CI runs it: the real command in a child process. The report card
 * on stdout, --json and --junit files, exit 0 with no MUST broken, 1 with one, 2 on bad usage.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import type { ProbeReport } from '@/lib/probe/types';

const BIN = path.resolve(__dirname, '../../../bin/rpcscope.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'rpcscope-probe-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function rpcscopeProbe(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'probe', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`rpcscope probe hung: ${stderr}`));
    }, 18_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const peer = (...extra: string[]) => ['--stdio', '--framing', 'newline', '--', process.execPath, peerPath('stdio-peer'), '--framing', 'newline', ...extra];

describe('rpcscope probe', () => {
  it('a conformant peer: the report card on stdout, exit 0, and the same report as JSON and JUnit', async () => {
    const json = path.join(dir, 'report.json');
    const junit = path.join(dir, 'report.xml');
    const run = await rpcscopeProbe(['--dialect', 'base', '--json', json, '--junit', junit, ...peer()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^rpcscope probe — /);
    expect(run.stdout).toMatch(/^pass {2}MUST {4}id\/zero — id 0 is a real id: the answer carries 0$/m);
    expect(run.stdout).toMatch(/^ {6}#\d+ → \{"jsonrpc":"2\.0","id":0,/m);
    expect(run.stdout).toMatch(/^28 passed, 0 MUST broken, 0 SHOULD broken, 0 not applicable, 1 skipped$/m);
    const report = JSON.parse(readFileSync(json, 'utf8')) as ProbeReport;
    expect(report).toMatchObject({ format: 'rpcscope-probe', version: 1, dialect: 'base', counts: { passed: 28, mustBroken: 0, skipped: 1 } });
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(/<testsuites name="rpcscope probe" tests="29" failures="0">/);
    expect(xml).toContain('<skipped message="not run: it sends update');
  });

  it('a peer that answers notifications: exit 1, the broken MUST is a JUnit failure with the spec sentence', async () => {
    const junit = path.join(dir, 'deviant.xml');
    const run = await rpcscopeProbe(['--dialect', 'base', '--junit', junit, ...peer('--deviate', 'answer-notifications')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL {2}MUST {4}notification\/unknown — /m);
    expect(run.stdout).toContain('spec: The Server MUST NOT reply to a Notification, including those that are within a batch request.');
    expect(readFileSync(junit, 'utf8')).toMatch(/<testcase classname="rpcscope\.probe\.base" name="MUST notification\/unknown: [^"]*"><failure type="MUST"/);
  });

  it('bad usage exits 2 with the usage (the parser\u2019s cases: tests/unit/probe/probe-args.test.ts)', async () => {
    const run = await rpcscopeProbe(['--dialect', 'base']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^rpcscope probe: give a target: .+\n\nusage: rpcscope probe TARGET/);
  });
});
