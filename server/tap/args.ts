/** `rpcscope tap …`: its options, checked, with usage errors in plain words. */
import { TAP_FRAMINGS, type TapFraming } from '../../lib/targets/tap';

export const TAP_USAGE = `usage: rpcscope tap [--framing auto|content-length|newline] [--name NAME] [--out FILE] [--data-dir DIR] [--verbose] -- COMMAND [ARGS...]
  Put this in place of a server command in a client's configuration (an editor's language server,
  an MCP client's server). The conversation is unchanged: bytes pass through both ways, stderr too,
  the exit code and signals are forwarded. A copy is recorded:
    - live in the rpcscope app running on the same data directory (a session of kind "tap"), or
    - when none runs, into the data directory's database (there when the app starts).
  --framing     how messages are framed; auto (default) decides from the first bytes and says so
  --name NAME   the session's name (default: client ↔ command)
  --out FILE    also write the session file when the conversation ends
  --data-dir DIR  the app's data directory (default: $RPCSCOPE_DATA_DIR, else <rpcscope>/data)
  --verbose     the tap's own diagnostics on stderr too (always in DATA_DIR/tap.log)
Nothing the tap says itself ever goes to stdout.`;

export interface TapOptions {
  framing: TapFraming;
  name?: string;
  out?: string;
  dataDir?: string;
  verbose: boolean;
  command: string[];
}

export class TapUsageError extends Error {}

export function parseTapArgs(argv: string[]): TapOptions {
  const opts: TapOptions = { framing: 'auto', verbose: false, command: [] };
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined || v === '--') throw new TapUsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    switch (a) {
      case '--framing': {
        const f = value(i++, a);
        if (!(TAP_FRAMINGS as readonly string[]).includes(f)) throw new TapUsageError(`--framing is ${TAP_FRAMINGS.join(', ')}; got ${JSON.stringify(f)}`);
        opts.framing = f as TapFraming;
        break;
      }
      case '--name': opts.name = value(i++, a).slice(0, 200); break;
      case '--out': opts.out = value(i++, a); break;
      case '--data-dir': opts.dataDir = value(i++, a); break;
      case '--verbose': opts.verbose = true; break;
      case '--':
        opts.command = argv.slice(i + 1);
        i = argv.length;
        break;
      default:
        throw new TapUsageError(`unknown argument ${JSON.stringify(a)} (the server's command goes after --)`);
    }
  }
  if (opts.command.length === 0 || !opts.command[0]) throw new TapUsageError('give the server command after --');
  return opts;
}
