/** Shared by the tap tests: the real `rpcscope tap` command, a temp data directory, the recorded session. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseSessionFile } from '@/lib/session/file-format';
import type { TrafficEvent } from '@/lib/session/types';

export const BIN = path.resolve(__dirname, '../../../bin/rpcscope.mjs');
export const EVERYTHING = path.resolve(__dirname, '../../../node_modules/@modelcontextprotocol/server-everything/dist/index.js');
export const JSON_LS = path.resolve(__dirname, '../../../node_modules/vscode-langservers-extracted/bin/vscode-json-language-server');

export function tempDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** argv that runs `rpcscope tap [tapArgs] -- server…` */
export function tapArgv(tapArgs: string[], server: string[]): string[] {
  return [BIN, 'tap', ...tapArgs, '--', ...server];
}

export function readSession(file: string): TrafficEvent[] {
  const parsed = parseSessionFile(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value.events;
}

/** Each JSON-RPC message of a direction, as its parsed body. */
export function bodies(events: TrafficEvent[], dir: 'in' | 'out'): unknown[] {
  return events.filter((e) => e.dir === dir && ['request', 'notification', 'response', 'error'].includes(e.kind)).map((e) => JSON.parse(e.raw.slice(e.raw.indexOf('{'))));
}
