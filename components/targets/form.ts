/** The connection form's state per transport and how it becomes a TargetSpec (or a plain-words error). */
import type { Framing, TargetKind, TargetSpec } from '@/lib/session/types';
import { parseTargetSpec } from '@/lib/session/schemas';
import { linesToArgs, parseEnvLines, splitCommandLine } from './split-args';
import { listProfiles } from '@/lib/dialects/registry';

export interface HeaderRow {
  name: string;
  value: string;
}

export interface TargetForm {
  kind: TargetKind;
  name: string;
  timeoutMs: string;
  /** '' = detect from traffic. */
  dialect: string;
  http: { url: string; headers: HeaderRow[] };
  websocket: { url: string; headers: HeaderRow[]; subprotocols: string };
  stdio: { argsMode: 'line' | 'list'; commandLine: string; command: string; argsText: string; cwd: string; envText: string; framing: Framing };
  tcp: { host: string; port: string; framing: Framing };
}

export const INITIAL_FORM: TargetForm = {
  kind: 'stdio',
  name: '',
  timeoutMs: '',
  dialect: '',
  http: { url: '', headers: [] },
  websocket: { url: '', headers: [], subprotocols: '' },
  stdio: { argsMode: 'line', commandLine: '', command: '', argsText: '', cwd: '', envText: '', framing: 'content-length' },
  tcp: { host: '127.0.0.1', port: '', framing: 'content-length' },
};

export type BuildResult = { ok: true; target: TargetSpec; name?: string; timeoutMs?: number; dialect?: string } | { ok: false; error: string };

function headersOf(rows: HeaderRow[]): Record<string, string> | undefined | string {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const name = r.name.trim();
    if (!name && !r.value) continue;
    if (!name) return `a header has a value but no name`;
    out[name] = r.value;
  }
  return Object.keys(out).length ? out : undefined;
}

/** The argv the stdio form would spawn, or why it cannot. */
export function stdioArgv(f: TargetForm['stdio']): { ok: true; argv: string[] } | { ok: false; error: string } {
  if (f.argsMode === 'line') {
    const r = splitCommandLine(f.commandLine);
    if (!r.ok) return { ok: false, error: `Command line: ${r.error}` };
    return r.argv.length ? r : { ok: false, error: 'Enter the command to run, e.g. node server.js --stdio' };
  }
  if (!f.command.trim()) return { ok: false, error: 'Enter the command to run' };
  return { ok: true, argv: [f.command.trim(), ...linesToArgs(f.argsText)] };
}

export function buildTarget(form: TargetForm): BuildResult {
  let target: TargetSpec;
  switch (form.kind) {
    case 'http':
    case 'websocket': {
      const f = form.kind === 'http' ? form.http : form.websocket;
      const url = f.url.trim();
      if (!url) return { ok: false, error: `Enter the ${form.kind === 'http' ? 'HTTP' : 'WebSocket'} URL of the target` };
      const headers = headersOf(f.headers);
      if (typeof headers === 'string') return { ok: false, error: headers };
      if (form.kind === 'http') target = { kind: 'http', url, ...(headers ? { headers } : {}) };
      else {
        const subprotocols = form.websocket.subprotocols.split(',').map((s) => s.trim()).filter(Boolean);
        target = { kind: 'websocket', url, ...(headers ? { headers } : {}), ...(subprotocols.length ? { subprotocols } : {}) };
      }
      break;
    }
    case 'stdio': {
      const argv = stdioArgv(form.stdio);
      if (!argv.ok) return argv;
      const env = parseEnvLines(form.stdio.envText);
      if (!env.ok) return env;
      const [command, ...args] = argv.argv;
      target = {
        kind: 'stdio', command, framing: form.stdio.framing,
        ...(args.length ? { args } : {}),
        ...(form.stdio.cwd.trim() ? { cwd: form.stdio.cwd.trim() } : {}),
        ...(Object.keys(env.env).length ? { env: env.env } : {}),
      };
      break;
    }
    case 'tcp': {
      const host = form.tcp.host.trim();
      const port = Number(form.tcp.port.trim());
      if (!host) return { ok: false, error: 'Enter the host to connect to' };
      if (!/^\d+$/.test(form.tcp.port.trim()) || port < 1 || port > 65535) return { ok: false, error: 'The port must be a number from 1 to 65535' };
      target = { kind: 'tcp', host, port, framing: form.tcp.framing };
      break;
    }
  }
  // The server checks again; checking here too names the field before a round trip.
  const checked = parseTargetSpec(target);
  if (!checked.ok) return { ok: false, error: checked.error };
  let timeoutMs: number | undefined;
  if (form.timeoutMs.trim()) {
    timeoutMs = Number(form.timeoutMs.trim());
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1) return { ok: false, error: 'The request timeout must be a whole number of milliseconds' };
  }
  return { ok: true, target: checked.value, name: form.name.trim() || undefined, timeoutMs, ...(form.dialect ? { dialect: form.dialect } : {}) };
}

/** One line describing a target, for session lists and headers. */
export function describeTarget(t: TargetSpec): string {
  switch (t.kind) {
    case 'http':
    case 'websocket':
      return t.url;
    case 'stdio':
      return [t.command, ...(t.args ?? [])].map((a) => (/[\s"'\\]/.test(a) || a === '' ? JSON.stringify(a) : a)).join(' ');
    case 'tcp':
      return `${t.host}:${t.port}`;
  }
}

export const KIND_LABEL: Record<TargetKind, string> = { http: 'HTTP', websocket: 'WebSocket', stdio: 'stdio', tcp: 'TCP' };

/** Protocol dialects the server knows, as users call them: derived from lib/dialects/registry. */
export const DIALECT_LABEL: Readonly<Record<string, string>> = Object.fromEntries(listProfiles().map((p) => [p.id, p.label]));
