/**
 * The `rpcscope` subcommands (everything but starting the app): one entry per command, so a new
 * command is its own module plus one line here; `bin/rpcscope.mjs` dispatches and `rpcscope --help`
 * lists them from this table. Each command parses its own arguments and prints its own usage.
 */
import { runCli, runTapCli } from '../cli';
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
  /** The line in `rpcscope --help`, after the command name. */
  synopsis: string;
  run(argv: string[]): Promise<CommandExit>;
}

export const COMMANDS = {
  call: {
    synopsis: '--help            drive a target from a script (see README)',
    run: async (argv) => ({ code: await runCli(argv) }),
  },
  tap: {
    synopsis: '-- COMMAND ARGS…   sit between a client and its server (stdio; or --listen ADDR --to URL for HTTP/WebSocket), record their conversation',
    run: async (argv) => {
      const exit = await runTapCli(argv);
      return 'signal' in exit ? { code: 1, signal: exit.signal } : exit;
    },
  },
  probe: {
    synopsis: 'TARGET [--dialect D]  check a peer against the JSON-RPC 2.0 spec (and its dialect\'s), print a report card',
    run: async (argv) => ({ code: await runProbeCli(argv) }),
  },
  run: { synopsis: 'COLLECTION_FILE [--env ENV_FILE] [--folder NAME] [--junit FILE]   run a collection\'s checks (exit 1 on a failure)', run: runRunCli },
  team: { synopsis: 'serve|user|token …   the team server on PostgreSQL and its people (see README)', run: runTeamCli },
  publish: { synopsis: 'FILE --to TEAM_URL  redact a session file and publish it to a team server', run: runPublishCli },
} satisfies Record<string, CommandDef>;

export type CommandName = keyof typeof COMMANDS;

export function isCommand(name: string | undefined): name is CommandName {
  return name !== undefined && Object.hasOwn(COMMANDS, name);
}

/** The commands' lines for `rpcscope --help`. */
export function commandsHelp(): string {
  return Object.entries(COMMANDS)
    .map(([name, def]: [string, CommandDef]) => `  rpcscope ${name} ${def.synopsis}`)
    .join('\n');
}
