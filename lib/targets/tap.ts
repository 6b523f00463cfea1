/**
 * Tap targets: `rpcscope tap -- COMMAND ARGS…` sat between a real client (an editor, an MCP
 * client) and the server it spawned, and recorded their conversation. rpcscope never connects to
 * one — the client's configuration starts it — so the kind has no form and no CLI flag; it names
 * both sides of the conversation it recorded.
 */
import { z } from 'zod';
import { LIMITS, noNul } from '../session/schema-blocks';
import type { ObservedKindDef } from './kind';

export const TAP_FRAMINGS = ['auto', 'content-length', 'newline'] as const;
export type TapFraming = (typeof TAP_FRAMINGS)[number];

export const TapTargetSchema = z.object({
  kind: z.literal('tap'),
  /** The tapped server's program and arguments, as the client asked for them. */
  command: z.string().min(1, 'command is empty').max(LIMITS.pathChars).regex(noNul, 'command may not contain NUL'),
  args: z.array(z.string().max(LIMITS.argChars).regex(noNul, 'argument may not contain NUL')).max(LIMITS.args).optional(),
  /** The program that started the tap (the client side), when it could be told. */
  client: z.string().min(1).max(LIMITS.nameChars).regex(noNul, 'client may not contain NUL').optional(),
  framing: z.enum(TAP_FRAMINGS, { message: 'framing must be auto, content-length or newline' }),
});
export type TapTarget = z.infer<typeof TapTargetSchema>;

const word = (a: string) => (/[\s"'\\]/.test(a) || a === '' ? JSON.stringify(a) : a);

export const tap: ObservedKindDef<TapTarget, typeof TapTargetSchema> = {
  kind: 'tap',
  label: 'Tap',
  stream: true,
  schema: TapTargetSchema,
  roles: { command: 'text', args: 'args', client: 'plain', framing: 'plain' },
  describe: (t) => `${t.client ?? 'client'} ↔ ${[t.command, ...(t.args ?? [])].map(word).join(' ')}`,
  key: (t) => `stdio ${JSON.stringify([t.command, ...(t.args ?? [])])}`,
  connect: 'not-offered',
  howToStart:
    'a tap is not connected to from rpcscope: put `rpcscope tap -- COMMAND ARGS…` in place of the server command in the client\'s configuration (editor, MCP client), and the conversation appears here',
};
