/**
 * Unix domain socket targets (language servers started with `--pipe=…`, local daemons): a byte
 * stream with framed messages, like TCP but addressed by a path. On Windows the same path option
 * takes a named pipe, `\\.\pipe\NAME`.
 */
import { z } from 'zod';
import { LIMITS, noNul } from '../session/schema-blocks';
import type { TargetKindDef } from './kind';
import { framingSchema, needFraming, FRAMING_USAGE } from './parts';

export const UnixTargetSchema = z.object({
  kind: z.literal('unix'),
  path: z.string().min(1, 'socket path is empty').max(LIMITS.pathChars).regex(noNul, 'socket path may not contain NUL'),
  framing: framingSchema,
});
export type UnixTarget = z.infer<typeof UnixTargetSchema>;

export interface UnixForm {
  path: string;
  framing: UnixTarget['framing'];
}

export const unix: TargetKindDef<UnixTarget, UnixForm, typeof UnixTargetSchema> = {
  kind: 'unix',
  label: 'Unix',
  stream: true,
  perRequestExchanges: false,
  schema: UnixTargetSchema,
  roles: { path: 'text', framing: 'plain' },
  describe: (t) => t.path,
  key: (t) => `unix ${t.path}`,
  cli: {
    flag: '--unix',
    value: 'PATH',
    usage: FRAMING_USAGE,
    build(a) {
      if (!a.value) return { ok: false, error: '--unix wants the path of a socket' };
      const f = needFraming('--unix', a.framing);
      if (!f.ok) return f;
      return { ok: true, target: { kind: 'unix', path: a.value, framing: f.framing } };
    },
  },
  form: {
    initial: { path: '', framing: 'content-length' },
    fields: [
      { control: 'text', key: 'path', label: 'Socket path', id: 'target-unix-path', placeholder: '/tmp/server.sock', hint: 'On Windows, a named pipe: \\\\.\\pipe\\NAME' },
      { control: 'framing', key: 'framing', label: 'Framing', id: 'target-unix-framing' },
    ],
    build(f) {
      const path = f.path.trim();
      if (!path) return { ok: false, error: 'Enter the path of the socket' };
      if (path.length > LIMITS.pathChars) return { ok: false, error: `The socket path is longer than ${LIMITS.pathChars} characters` };
      return { ok: true, target: { kind: 'unix', path, framing: f.framing } };
    },
    fromTarget: (t) => ({ path: t.path, framing: t.framing }),
  },
};
