/**
 * `rpcscope run` as CI would use it: the real command as a child process against a real jayson
 * HTTP server. The same collection passes, then fails once the server's answer changes, and the
 * JUnit file says which assertion failed and why.
 */
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import jayson from 'jayson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcscope } from './run-cli';
import { RunUsageError, parseRunArgs, runCollection } from '@/server/commands/run';

const run = (args: string[]) => rpcscope(args, 30_000, 'run');

/** A jayson server whose `whoami` answers with `name`; `login` wants the key the test gives. */
async function accountServer(name: string): Promise<{ server: http.Server; url: string }> {
  type Cb = (err: { code: number; message: string } | null, r?: unknown) => void;
  const server = new jayson.Server({
    login: (args: { key: string }, cb: Cb) => (args.key === 'k-secret-9' ? cb(null, { token: `tok-${name}` }) : cb({ code: 401, message: 'bad key' })),
    whoami: (args: [string], cb: Cb) => cb(null, args[0] === `tok-${name}` ? { name, roles: ['admin'] } : null),
  }).http();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, url: `127.0.0.1:${(server.address() as net.AddressInfo).port}` };
}

const collection = {
  format: 'rpcscope-collection',
  version: 1,
  name: 'Accounts',
  items: [],
  folders: [
    {
      name: 'Smoke',
      items: [
        {
          name: 'login',
          kind: 'request',
          target: { kind: 'http', url: 'http://{{host}}/rpc' },
          payload: { text: '{"jsonrpc":"2.0","id":1,"method":"login","params":{"key":"{{apiKey}}"}}' },
          checks: { assertions: [{ kind: 'exists', path: '$.result.token', exists: true }], captures: [{ variable: 'token', path: '$.result.token' }] },
        },
        {
          name: 'whoami',
          kind: 'request',
          target: { kind: 'http', url: 'http://{{host}}/rpc' },
          payload: { text: '{"jsonrpc":"2.0","id":2,"method":"whoami","params":["{{token}}"]}' },
          checks: {
            assertions: [
              { kind: 'equals', path: '$.result.name', value: 'ada' },
              { kind: 'contains', path: '$.result', value: { roles: ['admin'] } },
              { kind: 'latency', ms: 5000 },
              { kind: 'no-findings', severity: 'warning' },
            ],
            captures: [],
          },
        },
      ],
      folders: [],
    },
    { name: 'Other', items: [{ name: 'never run', kind: 'raw', payload: { text: '{{nope}}' } }], folders: [] },
  ],
};

let dir: string;
const servers: http.Server[] = [];
const file = (name: string, value: unknown) => {
  const p = path.join(dir, name);
  writeFileSync(p, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
  return p;
};
const envFile = (url: string) =>
  file('env.json', { format: 'rpcscope-environment', version: 1, name: 'local', variables: [{ name: 'host', value: url }, { name: 'apiKey', secret: true }] });

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rpcscope-run-'));
});
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('rpcscope run', () => {
  it('passes against the server, then fails with the reason in JUnit once its answer changes', async () => {
    const coll = file('accounts.json', collection);
    const first = await accountServer('ada');
    servers.push(first.server);
    const junit = path.join(dir, 'pass.xml');
    const pass = await run([coll, '--env', envFile(first.url), '--folder', 'smoke', '--var', 'apiKey=k-secret-9', '--junit', junit]);
    expect(pass.stderr).toBe('');
    expect(pass.stdout).toMatch(/^PASS {2}Smoke › login \(\d+ ms\)\nPASS {2}Smoke › whoami \(\d+ ms\)\n2 passed, 0 failed, 0 could not run/);
    expect(pass.code).toBe(0);
    const passXml = readFileSync(junit, 'utf8');
    expect(passXml).toContain('<testsuites name="Accounts" tests="2" failures="0" errors="0"');
    expect(passXml).not.toContain('k-secret-9');

    // The same collection against a server that now answers someone else.
    const changed = await accountServer('grace');
    servers.push(changed.server);
    const failXml = path.join(dir, 'fail.xml');
    const fail = await run([coll, '--env', envFile(changed.url), '--folder', 'Smoke', '--var', 'apiKey=k-secret-9', '--junit', failXml]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toContain('FAIL  Smoke › whoami');
    expect(fail.stdout).toContain('✗ $.result.name equals "ada": got "grace"');
    expect(fail.stdout).toContain('1 passed, 1 failed, 0 could not run');
    const xml = readFileSync(failXml, 'utf8');
    expect(xml).toContain('<testsuite name="Accounts › Smoke" tests="2" failures="1" errors="0"');
    expect(xml).toMatch(/<testcase name="whoami" classname="Accounts › Smoke" time="[\d.]+"><failure message="\$\.result\.name equals &quot;ada&quot;: got &quot;grace&quot;">/);
  });

  it('a wrong key is a failed item, not a crash: the capture names what was missing', async () => {
    const s = await accountServer('ada');
    servers.push(s.server);
    const lines: string[] = [];
    const report = await runCollection(parseRunArgs([file('c2.json', collection), '--env', envFile(s.url), '--folder', 'Smoke', '--var', 'apiKey=wrong']), (l) => lines.push(l));
    const out = lines.join('\n');
    expect(report).toMatchObject({ passed: 0, failed: 1, errors: 1 });
    expect(out).toContain('✗ $.result.token exists: $ has no member "result"');
    expect(out).toContain('✗ token from $.result.token: $ has no member "result"');
    // whoami could not fill {{token}}: it is named instead of being sent.
    expect(out).toContain('ERROR  Smoke › whoami');
    expect(out).toContain('payload uses {{token}}: not defined in the chosen environment');
  });

  it('a batch saved with "auto" ids gets fresh ones above the ids sent before it, and the typed id stays', async () => {
    const s = await accountServer('ada');
    servers.push(s.server);
    const target = { kind: 'http', url: `http://${s.url}/rpc` };
    const idIs = (path: string, value: unknown) => ({ kind: 'equals', path, value });
    const batch = '[{"jsonrpc":"2.0","id":1,"method":"whoami","params":["x"]},{"jsonrpc":"2.0","id":"typed","method":"whoami","params":["x"]}]';
    const file2 = file('auto.json', {
      format: 'rpcscope-collection', version: 2, name: 'Auto ids', folders: [],
      items: [
        { name: 'typed first', kind: 'request', target, payload: { text: '{"jsonrpc":"2.0","id":7,"method":"whoami","params":["x"]}' } },
        { name: 'saved batch', kind: 'batch', target, payload: { text: batch, autoIds: [0] }, checks: { assertions: [idIs('$[0].id', 8), idIs('$[1].id', 'typed')], captures: [] } },
      ],
    });
    const lines: string[] = [];
    const report = await runCollection(parseRunArgs([file2]), (l) => lines.push(l));
    expect(lines.join('\n')).toContain('PASS  saved batch');
    expect(report.items[1].sent).toContain('"id":8,');
    expect(report).toMatchObject({ passed: 2, failed: 0, errors: 0 });
  });

  it('bad usage exits 2 and says why, sending nothing', async () => {
    const coll = file('c3.json', collection);
    const s = await accountServer('ada');
    servers.push(s.server);
    const noSecret = await run([coll, '--env', envFile(s.url), '--folder', 'Smoke']);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain('{{apiKey}} is a secret imported without its value: give it with --var NAME=VALUE');
    const refusal = async (args: string[]) => {
      const err = await runCollection(parseRunArgs(args), () => undefined).then(() => null, (e: Error) => e);
      expect(err).toBeInstanceOf(RunUsageError);
      return err!.message;
    };
    expect(await refusal([coll, '--folder', 'Nope'])).toContain('no folder "Nope" in "Accounts" (folders: Smoke, Other)');
    const bad = file('bad.json', '{"format":"rpcscope-collection","version":1,"name":"x","items":[{"name":"i","kind":"request","payload":{},"checks":{"assertions":[{"kind":"latency"}]}}]}');
    expect(await refusal([bad])).toContain('checks: assertions[0] (latency): ms must be a positive number');
    expect(await refusal([path.join(dir, 'missing.json')])).toMatch(/cannot read the collection file .*ENOENT/);
    expect(() => parseRunArgs([])).toThrow('give a collection file');
    expect(() => parseRunArgs([coll, '--bogus'])).toThrow('unknown argument "--bogus"');
    expect(() => parseRunArgs([coll, '--var', 'nope'])).toThrow('--var wants NAME=VALUE');
  });
});
