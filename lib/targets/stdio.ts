/** stdio targets: a program spawned without a shell; its stdout carries framed messages. */
import { z } from 'zod';
import { LIMITS, boundedRecord, noNul } from '../session/schema-blocks';
import type { ArgvForm, TargetKindDef } from './kind';
import { framingSchema, needFraming, FRAMING_USAGE } from './parts';
import { joinCommandLine, linesToArgs, parseEnvLines, splitCommandLine } from './split-args';

const envName = z
  .string()
  .min(1, 'variable name is empty')
  .max(LIMITS.envNameChars)
  .regex(/^[^=\u0000]+$/, 'variable name may not contain = or NUL');

export const StdioTargetSchema = z.object({
  kind: z.literal('stdio'),
  command: z.string().min(1, 'command is empty').max(LIMITS.pathChars).regex(noNul, 'command may not contain NUL'),
  args: z.array(z.string().max(LIMITS.argChars).regex(noNul, 'argument may not contain NUL')).max(LIMITS.args).optional(),
  cwd: z.string().min(1).max(LIMITS.pathChars).regex(noNul, 'cwd may not contain NUL').optional(),
  env: boundedRecord(
    'environment variables',
    LIMITS.envVars,
    envName,
    z.string().max(LIMITS.envValueChars).regex(noNul, 'value may not contain NUL'),
  ).optional(),
  framing: framingSchema,
});
export type StdioTarget = z.infer<typeof StdioTargetSchema>;

export interface StdioForm {
  argv: ArgvForm;
  cwd: string;
  /** NAME=value per line. */
  envText: string;
  framing: StdioTarget['framing'];
}

/** The argv the form would spawn, or why it cannot (the form shows it before connecting). */
export function formArgv(f: ArgvForm): { ok: true; argv: string[] } | { ok: false; error: string } {
  if (f.argsMode === 'line') {
    const r = splitCommandLine(f.commandLine);
    if (!r.ok) return { ok: false, error: `Command line: ${r.error}` };
    return r.argv.length ? r : { ok: false, error: 'Enter the command to run, e.g. node server.js --stdio' };
  }
  if (!f.command.trim()) return { ok: false, error: 'Enter the command to run' };
  return { ok: true, argv: [f.command.trim(), ...linesToArgs(f.argsText)] };
}

/** Quoted where a reader would otherwise misjudge the words. */
const word = (a: string) => (/[\s"'\\]/.test(a) || a === '' ? JSON.stringify(a) : a);

export const stdio: TargetKindDef<StdioTarget, StdioForm, typeof StdioTargetSchema> = {
  kind: 'stdio',
  label: 'stdio',
  stream: true,
  perRequestExchanges: false,
  schema: StdioTargetSchema,
  roles: { command: 'text', args: 'args', cwd: 'text', env: 'env', framing: 'plain' },
  describe: (t) => [t.command, ...(t.args ?? [])].map(word).join(' '),
  key: (t) => `stdio ${JSON.stringify([t.command, ...(t.args ?? [])])}${t.cwd ? ` in ${t.cwd}` : ''}`,
  launch: (t) => joinCommandLine([t.command, ...(t.args ?? [])]),
  cli: {
    flag: '--stdio',
    usage: `${FRAMING_USAGE} [--cwd DIR] [--env K=V]... -- COMMAND [ARGS...]`,
    build(a) {
      const f = needFraming('--stdio', a.framing);
      if (!f.ok) return f;
      if (a.command.length === 0) return { ok: false, error: '--stdio needs a command after --' };
      return { ok: true, target: { kind: 'stdio', command: a.command[0], args: a.command.slice(1), cwd: a.cwd, env: a.env, framing: f.framing } };
    },
  },
  form: {
    initial: { argv: { argsMode: 'line', commandLine: '', command: '', argsText: '' }, cwd: '', envText: '', framing: 'content-length' },
    fields: [
      {
        control: 'argv', key: 'argv', label: 'Command line', id: 'target-stdio-cmd', placeholder: 'node tests/fixtures/peers/stdio-peer.mjs',
        hint: 'Split into words like a shell would, then run without a shell: no pipes, $VARS or globs.',
      },
      { control: 'framing', key: 'framing', label: 'Framing', id: 'target-stdio-framing' },
      { control: 'text', key: 'cwd', label: 'Working directory', id: 'target-stdio-cwd', placeholder: "(server's directory)", hint: 'Empty: the directory rpcscope was started in.' },
      { control: 'textarea', key: 'envText', label: 'Environment, NAME=value per line', id: 'target-stdio-env', placeholder: 'RUST_LOG=debug', hint: 'Added to a safe inherited set (PATH, HOME, …).' },
    ],
    recall(saved) {
      const initial = stdio.form.initial;
      const s = saved as Partial<StdioForm> & Partial<ArgvForm>;
      // Before the argv control, its members sat at the top of the stdio part.
      const argv = typeof s.argv === 'object' && s.argv !== null ? s.argv : { argsMode: s.argsMode, commandLine: s.commandLine, command: s.command, argsText: s.argsText };
      const defined = <O extends object>(o: O) => Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string')) as Partial<O>;
      return {
        ...initial,
        ...defined({ cwd: s.cwd, envText: s.envText, framing: s.framing }),
        argv: { ...initial.argv, ...defined(argv) },
      };
    },
    build(f) {
      const argv = formArgv(f.argv);
      if (!argv.ok) return argv;
      const env = parseEnvLines(f.envText);
      if (!env.ok) return env;
      const [command, ...args] = argv.argv;
      return {
        ok: true,
        target: {
          kind: 'stdio', command, framing: f.framing,
          ...(args.length ? { args } : {}),
          ...(f.cwd.trim() ? { cwd: f.cwd.trim() } : {}),
          ...(Object.keys(env.env).length ? { env: env.env } : {}),
        },
      };
    },
    fromTarget: (t) => {
      const argv = [t.command, ...(t.args ?? [])];
      // One line, words quoted where needed, when it reads back exactly; else one argument per line.
      const line = argv.map(word).join(' ');
      const back = splitCommandLine(line);
      const exact = back.ok && back.argv.length === argv.length && back.argv.every((a, i) => a === argv[i]);
      return {
        argv: exact
          ? { argsMode: 'line', commandLine: line, command: '', argsText: '' }
          : { argsMode: 'list', commandLine: '', command: t.command, argsText: (t.args ?? []).join('\n') },
        cwd: t.cwd ?? '',
        envText: Object.entries(t.env ?? {}).map(([k, v]) => `${k}=${v}`).join('\n'),
        framing: t.framing,
      };
    },
  },
};
