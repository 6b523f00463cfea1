/**
 * `rpcscope tap …` (server/tap). Its own build entry as well as a line of the command table: a tap
 * sits in an editor's or agent's start-up path, so bin/rpcscope.mjs loads only this for it (not
 * every command's code), and the stdio tap's conversation thread leaves the store, which only its
 * recording thread opens, unloaded; the HTTP/WebSocket tap's modules load only when asked for.
 */
import { TAP_USAGE, TapUsageError, parseTapArgs, type TapOptions } from '../tap/args';
import { runTap } from '../tap/stdio-tap';
import type { CommandDef, CommandExit } from './index';

/** Usage errors exit 2, like `rpcscope call`; the tap ends as its server ended (a signal is re-raised). */
async function runTapCommand(argv: string[]): Promise<CommandExit> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    console.error(TAP_USAGE);
    return { code: 0 };
  }
  let opts: TapOptions;
  try {
    opts = parseTapArgs(argv);
  } catch (err) {
    if (err instanceof TapUsageError) {
      console.error(`rpcscope tap: ${err.message}\n\n${TAP_USAGE}`);
      return { code: 2 };
    }
    throw err;
  }
  const { listen, to } = opts;
  const exit = listen && to ? await (await import('../tap/proxy-tap')).runProxyTap({ ...opts, listen, to }) : await runTap(opts);
  return 'signal' in exit ? { code: 1, signal: exit.signal } : exit;
}

export const tapCommand = {
  args: '-- COMMAND ARGS… | --listen ADDR --to URL',
  summary: 'sit between a real client and its server (stdio, HTTP, WebSocket) and record them',
  run: runTapCommand,
} satisfies CommandDef;
