/**
 * Tap targets: `rpcscope tap` sat between a real client (an editor, an MCP client) and its server
 * and recorded their conversation — over stdio (`-- COMMAND ARGS…`: `command`, `args`, `framing`)
 * or as an HTTP/WebSocket reverse proxy (`--listen ADDR --to URL`: `listen`, `to`). rpcscope never
 * connects to one — the client's configuration starts it — so the kind has no form and no CLI
 * flag; it names both sides of the conversation it recorded.
 */
import { z } from 'zod';
import { LIMITS, noNul } from '../session/schema-blocks';
import { HTTP_URL_SCHEMES, http } from './http';
import type { ObservedKindDef } from './kind';
import { schemeOf, urlWith } from './parts';
import { stdio } from './stdio';
import { WEBSOCKET_URL_SCHEMES, websocket } from './websocket';

export const TAP_FRAMINGS = ['auto', 'content-length', 'newline'] as const;
export type TapFraming = (typeof TAP_FRAMINGS)[number];

export const TapTargetSchema = z
  .object({
    kind: z.literal('tap'),
    /** stdio: the tapped server's program and arguments, as the client asked for them. */
    command: z.string().min(1, 'command is empty').max(LIMITS.pathChars).regex(noNul, 'command may not contain NUL').optional(),
    args: z.array(z.string().max(LIMITS.argChars).regex(noNul, 'argument may not contain NUL')).max(LIMITS.args).optional(),
    /** HTTP/WebSocket: the server the proxy forwards to, and the address the client points at. */
    to: urlWith([...HTTP_URL_SCHEMES, ...WEBSOCKET_URL_SCHEMES]).optional(),
    listen: z.string().min(1).max(LIMITS.nameChars).regex(noNul, 'listen may not contain NUL').optional(),
    /** The program that started the tap (the client side), when it could be told. */
    client: z.string().min(1).max(LIMITS.nameChars).regex(noNul, 'client may not contain NUL').optional(),
    framing: z.enum(TAP_FRAMINGS, { message: 'framing must be auto, content-length or newline' }).optional(),
  })
  .refine((t) => (t.command === undefined) !== (t.to === undefined), { message: 'a tap names either a command (stdio) or a URL (HTTP), not both' });
export type TapTarget = z.infer<typeof TapTargetSchema>;

const word = (a: string) => (/[\s"'\\]/.test(a) || a === '' ? JSON.stringify(a) : a);

/** The server's side in words: its command line, or the URL the proxy forwards to. */
export function serverSide(t: TapTarget): string {
  return t.to ?? [t.command ?? '', ...(t.args ?? [])].map(word).join(' ');
}

/**
 * The OpenRPC key of the server a tap stands in front of, as that server's own kind spells it, so
 * a tap and a direct session to the same server share the documents remembered for it.
 */
function serverKey(t: TapTarget): string {
  if (t.to === undefined) return stdio.key({ kind: stdio.kind, command: t.command ?? '', args: t.args, framing: t.framing ?? 'auto' });
  const scheme = schemeOf(t.to);
  const ws = scheme !== undefined && (WEBSOCKET_URL_SCHEMES as readonly string[]).includes(scheme);
  return ws ? websocket.key({ kind: websocket.kind, url: t.to }) : http.key({ kind: http.kind, url: t.to });
}

export const tap: ObservedKindDef<TapTarget, typeof TapTargetSchema> = {
  kind: 'tap',
  label: 'Tap',
  stream: true,
  perRequestExchanges: false,
  schema: TapTargetSchema,
  roles: { command: 'text', args: 'args', to: 'url', listen: 'plain', client: 'plain', framing: 'plain' },
  describe: (t) => `${t.client ?? 'client'} ↔ ${serverSide(t)}`,
  key: serverKey,
  connect: 'not-offered',
  howToStart:
    'a tap is not connected to from rpcscope: put `rpcscope tap -- COMMAND ARGS…` in place of the server command in the client\'s configuration (editor, MCP client), or point an HTTP/WebSocket client at `rpcscope tap --listen 127.0.0.1:PORT --to URL`, and the conversation appears here',
};
