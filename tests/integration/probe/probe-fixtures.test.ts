/**
 * The conformance probe against the project's fixture peers: a conformant one passes every check it
 * runs, and the `--deviate` modes (known breaks of the spec) get exactly the verdicts they earn —
 * every verdict asserted, over a byte stream (a sentinel closes each window) and over HTTP (each
 * POST is its own exchange).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerPath, startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { planChecks } from '@/lib/probe/plans';
import { probeExitCode } from '@/lib/probe/report';
import type { TargetSpec } from '@/lib/session/types';
import { probe, verdicts } from './run-probe';

const stdio = (...args: string[]): TargetSpec => ({
  kind: 'stdio',
  command: process.execPath,
  args: [peerPath('stdio-peer'), '--framing', 'content-length', ...args],
  framing: 'content-length',
});
const http = (port: number, path = '/rpc'): TargetSpec => ({ kind: 'http', url: `http://127.0.0.1:${port}${path}` });

/** Every check of a plan with one verdict, then the exceptions. */
const all = (dialect: Parameters<typeof planChecks>[0], verdict: string, except: Record<string, string> = {}) => ({
  ...Object.fromEntries(planChecks(dialect).map((c) => [c.id, verdict])),
  ...except,
});

const BATCHES_NOT_MCP = Object.fromEntries(planChecks('mcp').filter((c) => c.group === 'batch').map((c) => [c.id, 'n/a']));

describe('a conformant peer', () => {
  it('passes every check over stdio; the state-changing update is skipped until allowed', async () => {
    const report = await probe(stdio());
    expect(report.dialect).toBe('base');
    expect(report.dialectEvidence).toMatch(/neither ping nor eth_chainId/);
    expect(verdicts(report)).toEqual(all('base', 'pass', { 'spec-example/notification-update': 'skipped' }));
    expect(report.results.find((r) => r.id === 'spec-example/notification-update')?.did).toMatch(/--allow update/);
    expect(probeExitCode(report)).toBe(0);

    const allowed = await probe(stdio(), { dialect: 'base', allow: ['update'] });
    expect(verdicts(allowed)['spec-example/notification-update']).toBe('pass');
  });

  it('report lines carry the exchange with seq numbers and the rules\u2019 findings', async () => {
    const report = await probe(stdio(), { dialect: 'base' });
    const big = report.results.find((r) => r.id === 'id/beyond-2^53')!;
    expect(big.exchange.map((x) => x.dir)).toEqual(['out', 'in']);
    expect(big.exchange[0].text).toContain('"id":9007199254740993');
    expect(big.exchange[1].text).toContain('"id":9007199254740993');
    expect(big.exchange[1].seq).toBeGreaterThan(big.exchange[0].seq);
    expect(big.findings.map((f) => f.rule)).toContain('id-unsafe-integer');
  });
});

describe('a peer with known deviations (--deviate)', () => {
  it('answering notifications, [] for empty batches, rounded big ids and wrong codes: each verdict as earned', async () => {
    const report = await probe(stdio('--deviate', 'answer-notifications,empty-batch-array,round-big-ids,wrong-codes'), { dialect: 'base' });
    expect(verdicts(report)).toEqual(
      all('base', 'pass', {
        'spec-example/notification-update': 'skipped',
        // Notifications answered: a MUST, alone or inside a batch.
        'spec-example/notification-foobar': 'fail MUST',
        'notification/known': 'fail MUST',
        'notification/unknown': 'fail MUST',
        'spec-example/batch': 'fail MUST',
        'batch/mixed': 'fail MUST',
        'spec-example/batch-all-notifications': 'fail MUST',
        // [] for an empty Array: not the single Response object the spec requires.
        'spec-example/empty-array': 'fail MUST',
        // -32603 / -32600 where -32600 / -32700 are due: answered, with the wrong code.
        'spec-example/invalid-json': 'fail SHOULD',
        'spec-example/invalid-request': 'fail SHOULD',
        'spec-example/batch-invalid-json': 'fail SHOULD',
        'spec-example/invalid-batch-1': 'fail SHOULD',
        'spec-example/invalid-batch-3': 'fail SHOULD',
        'id/object': 'fail SHOULD',
        'invalid-request/no-jsonrpc': 'fail SHOULD',
        'invalid-request/method-not-string': 'fail SHOULD',
        'invalid-request/params-not-structured': 'fail SHOULD',
        'parse-error/truncated': 'fail SHOULD',
        'id/beyond-2^53': 'fail SHOULD',
      }),
    );
    expect(probeExitCode(report)).toBe(1);
    const codes = report.results.find((r) => r.id === 'parse-error/truncated')!;
    expect(codes.did).toMatch(/code -32600, the spec's is -32700/);
  });
});

describe('a peer that dies', () => {
  it('crashing on the first answer leaves every check unrun, and the probe fails (exit 1) saying why', async () => {
    const report = await probe(stdio('--crash-mid-frame'));
    expect(report.endedEarly).toMatch(/exited with code 1/);
    expect(new Set(report.results.map((r) => r.outcome))).toEqual(new Set(['skipped']));
    expect(probeExitCode(report)).toBe(1);
  });
});

describe('over HTTP', () => {
  let plain: RunningPeer;
  let mcp: RunningPeer;
  let mcp200: RunningPeer;
  let a2a: RunningPeer;
  beforeAll(async () => {
    [plain, mcp, mcp200, a2a] = await Promise.all([
      startPeer('http-peer'),
      startPeer('http-peer', ['--sse']),
      startPeer('http-peer', ['--sse', '--notify-status', '200']),
      startPeer('a2a-peer', ['--legacy']),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plain, mcp, mcp200, a2a].map((p) => p?.stop()));
  });

  it('an A2A agent (the official SDK): notifications are answered (broken MUST), unknown methods get -32602 (a SHOULD)', async () => {
    const report = await probe(http(a2a.port, '/'), { dialect: 'a2a' });
    const v = verdicts(report);
    expect([v['notification/known'], v['notification/unknown'], v['spec-example/method-not-found'], v['spec-example/positional-1'], v['spec-example/invalid-json']]).toEqual([
      'fail MUST',
      'fail MUST',
      'fail SHOULD',
      'fail SHOULD',
      'pass',
    ]);
    expect(report.results.find((r) => r.id === 'spec-example/method-not-found')?.did).toMatch(/code -32602, the spec's is -32601/);
  });

  it('a conformant JSON-RPC endpoint passes: a notification answered 204 with no body is "nothing"', async () => {
    const report = await probe(http(plain.port));
    expect(verdicts(report)).toEqual(all('base', 'pass', { 'spec-example/notification-update': 'skipped' }));
    expect(report.results.find((r) => r.id === 'notification/unknown')?.did).toMatch(/HTTP 204 with no body/);
  });

  it('an MCP Streamable HTTP server: the handshake and 202 pass, batches are no part of MCP, and a missing ping is a broken MUST', async () => {
    const report = await probe(http(mcp.port, '/mcp'), { dialect: 'mcp' });
    expect(verdicts(report)).toEqual(
      all('mcp', 'pass', { ...BATCHES_NOT_MCP, 'spec-example/notification-update': 'skipped', 'lifecycle/mcp-ping': 'fail MUST' }),
    );
  });

  it('probed as Ethereum, a peer without eth_chainId breaks EIP-1474\u2019s quantity MUST; its -32601 is an EIP-1474 code', async () => {
    const report = await probe(http(plain.port), { dialect: 'ethereum' });
    const v = verdicts(report);
    expect([v['ethereum/quantity-encoding'], v['ethereum/invalid-params-code'], v['ethereum/unknown-method-code']]).toEqual(['fail MUST', 'fail SHOULD', 'pass']);
    expect(report.results.find((r) => r.id === 'ethereum/invalid-params-code')?.did).toMatch(/code -32601 is an EIP-1474 code, but not one for this; expected -32602 or -32000/);
  });

  it('an MCP server answering a notification POST with 200 breaks the 202 rule', async () => {
    const report = await probe(http(mcp200.port, '/mcp'), { dialect: 'mcp' });
    const v = verdicts(report);
    expect(v['transport/mcp-http-202']).toBe('fail MUST');
    expect(report.results.find((r) => r.id === 'transport/mcp-http-202')?.did).toMatch(/HTTP 200 with no body/);
  });
});
