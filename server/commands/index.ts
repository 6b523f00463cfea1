/**
 * The `rpcscope` subcommands (everything but starting the app): one entry per command, so a new
 * command is its own module plus one line here; `bin/rpcscope.mjs` dispatches and `rpcscope --help`
 * lists them from this table. Each command parses its own arguments and prints its own usage.
 */
import { runCli } from '../cli';
import { tapCommand } from './tap';
import { runExportCli } from './export';
import { runProbeCli } from './probe';
import { runRunCli } from './run';
import { runPublishCli } from './publish';
import { runTeamCli } from './team';

/** How a command ended: an exit code, or a signal to re-raise (the tap ends as its server ended). */
export interface CommandExit {
  code: number;
  signal?: NodeJS.Signals;
}

export interface CommandDef {
  /** Its arguments, in short, and what it does: the two columns of `rpcscope --help`. */
  args: string;
  summary: string;
  run(argv: string[]): Promise<CommandExit>;
}

export const COMMANDS = {
  call: {
    args: 'TARGET --send …',
    summary: 'drive a target from a script or CI (`rpcscope call --help`)',
    run: async (argv) => ({ code: await runCli(argv) }),
  },
  tap: tapCommand,
  probe: {
    args: 'TARGET [--dialect D]',
    summary: 'check a peer against JSON-RPC 2.0 (and its dialect), print a report card',
    run: async (argv) => ({ code: await runProbeCli(argv) }),
  },
  run: { args: 'COLLECTION_FILE [--env F]', summary: 'run a collection with its checks, as a regression test (JUnit with --junit)', run: runRunCli },
  team: { args: 'serve|user|token …', summary: 'the team server on PostgreSQL and its people (see README)', run: runTeamCli },
  export: { args: 'FILE [--format F] [--out F]', summary: 'a session file as HTML, HAR, NDJSON or the sequence diagram as SVG, redacted', run: runExportCli },
  publish: { args: 'FILE --to TEAM_URL', summary: 'redact a session file and publish it to a team server', run: runPublishCli },
} satisfies Record<string, CommandDef>;

export type CommandName = keyof typeof COMMANDS;

export function isCommand(name: string | undefined): name is CommandName {
  return name !== undefined && Object.hasOwn(COMMANDS, name);
}

/** The commands' lines for `rpcscope --help`. */
export function commandsHelp(): string {
  const rows = Object.entries(COMMANDS).map(([name, def]: [string, CommandDef]) => [`rpcscope ${name} ${def.args}`, def.summary]);
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, summary]) => `  ${left.padEnd(width)}  ${summary}`).join('\n');
}
