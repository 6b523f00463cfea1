/**
 * `rpcscope publish SESSION_FILE --to TEAM_URL`: redacts the session file with the same pass as
 * file exports (credentials, tokens, secret-looking values) and publishes it to a team server
 * with the token in $RPCSCOPE_TEAM_TOKEN; prints the link teammates open.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { parseSessionFile } from '../../lib/session/file-format';
import { publishFile } from '../team/publish-client';
import { TEAM_URL_ENV } from './team';
import type { CommandExit } from './index';

export const TEAM_TOKEN_ENV = 'RPCSCOPE_TEAM_TOKEN';
const USAGE = `usage: rpcscope publish SESSION_FILE --to TEAM_URL   (token from $${TEAM_TOKEN_ENV}; TEAM_URL defaults to $${TEAM_URL_ENV})`;

export async function runPublishCli(argv: string[]): Promise<CommandExit> {
  let file: string | undefined;
  let to: string | undefined;
  try {
    const { values, positionals } = parseArgs({ args: argv, options: { to: { type: 'string' }, help: { type: 'boolean' } }, allowPositionals: true });
    if (values.help) return console.log(USAGE), { code: 0 };
    [file] = positionals;
    to = values.to ?? process.env[TEAM_URL_ENV];
  } catch (err) {
    console.error(`rpcscope publish: ${(err as Error).message}\n${USAGE}`);
    return { code: 2 };
  }
  const token = process.env[TEAM_TOKEN_ENV];
  if (!file || !to || !token) {
    console.error(`rpcscope publish: ${!file ? 'SESSION_FILE is missing' : !to ? '--to TEAM_URL is missing' : `$${TEAM_TOKEN_ENV} is not set (rpcscope team token create …)`}\n${USAGE}`);
    return { code: 2 };
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    console.error(`rpcscope publish: cannot read ${file}: ${(err as Error).message}`);
    return { code: 1 };
  }
  const parsed = parseSessionFile(text);
  if (!parsed.ok) {
    console.error(`rpcscope publish: ${file}: ${parsed.error}`);
    return { code: 1 };
  }
  try {
    const started = performance.now();
    const r = await publishFile(to, token, parsed.value);
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    console.error(`published ${parsed.value.events.length} entries in ${secs} s; redacted ${r.report.total} value(s)${r.report.counts.length ? ` (${r.report.counts.map((c) => `${c.kind} ${c.count}`).join(', ')})` : ''}`);
    console.log(r.url);
    return { code: 0 };
  } catch (err) {
    console.error(`rpcscope publish: ${(err as Error).message}`);
    return { code: 1 };
  }
}
