/** `rpcscope tap …`: its options, checked, with usage errors in plain words. */
import { TAP_FRAMINGS, type TapFraming } from '../../lib/targets/tap';

export const TAP_USAGE = `usage: rpcscope tap [--framing auto|content-length|newline] [--name NAME] [--out FILE] [--data-dir DIR] [--verbose] -- COMMAND [ARGS...]
       rpcscope tap --listen 127.0.0.1:PORT --to URL [--name NAME] [--out FILE] [--data-dir DIR] [--verbose]
  Put this in place of a server command in a client's configuration (an editor's language server,
  an MCP client's server). The conversation is unchanged: bytes pass through both ways, stderr too,
  the exit code and signals are forwarded. With --listen it is an HTTP and WebSocket reverse proxy
  instead: point the client at the listen address (its path is appended to URL's); requests,
  SSE streams and WebSocket frames go through as they come. It runs until stopped (Ctrl-C).
  A copy is recorded:
    - live in the rpcscope app running on the same data directory (a session of kind "tap"), or
    - when none runs, into the data directory's database (there when the app starts).
  --framing     how messages are framed; auto (default) decides from the first bytes and says so
  --listen ADDR the proxy's address, HOST:PORT on loopback (PORT 0: any free port, printed)
  --to URL      the server the proxy forwards to (http://, https://, ws:// or wss://)
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
  /** The HTTP/WebSocket tap: where it listens and where it forwards to. */
  listen?: { host: string; port: number };
  to?: URL;
}

/** Loopback only: a tap is a debugging aid, and it rewrites Host, so the target's own checks see ours. */
const LOOPBACK = /^(?:127(?:\.\d{1,3}){3}|localhost|\[::1\])$/;

function parseListen(text: string): { host: string; port: number } {
  const m = /^(?:(.+):)?(\d{1,5})$/.exec(text);
  const host = m?.[1] ?? '127.0.0.1';
  const port = Number(m?.[2]);
  if (!m || port > 65535) throw new TapUsageError(`--listen is HOST:PORT or PORT; got ${JSON.stringify(text)}`);
  if (!LOOPBACK.test(host)) throw new TapUsageError(`--listen takes a loopback address (127.0.0.1, localhost, [::1]); got ${JSON.stringify(host)}`);
  return { host: host.replace(/^\[|\]$/g, ''), port };
}

function parseTo(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TapUsageError(`--to is a URL; got ${JSON.stringify(text)}`);
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) throw new TapUsageError(`--to is an http://, https://, ws:// or wss:// URL; got ${JSON.stringify(text)}`);
  return url;
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
      case '--listen': opts.listen = parseListen(value(i++, a)); break;
      case '--to': opts.to = parseTo(value(i++, a)); break;
      case '--':
        opts.command = argv.slice(i + 1);
        i = argv.length;
        break;
      default:
        throw new TapUsageError(`unknown argument ${JSON.stringify(a)} (the server's command goes after --)`);
    }
  }
  if (opts.listen || opts.to) {
    if (!opts.listen || !opts.to) throw new TapUsageError('--listen and --to go together');
    if (opts.command.length) throw new TapUsageError('a proxy tap (--listen) takes no command after --');
    if (argv.includes('--framing')) throw new TapUsageError('--framing is for a stdio tap; HTTP and WebSocket carry whole messages');
    return opts;
  }
  if (opts.command.length === 0 || !opts.command[0]) throw new TapUsageError('give the server command after --');
  return opts;
}
