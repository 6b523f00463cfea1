/**
 * The WebSockets an HTTP/WebSocket tap relays right now (issue 12): the tap reports them to the
 * app whenever one opens or closes (server/tap/proxy-inject.ts → the recording worker → the app's
 * `/tap` socket → server/tap/connections.ts), so the composer can say which one an injected frame
 * goes into and let the user pick another (`conn` on the send route). A connection is named by
 * the tap's own number, the same one its entries carry in `ws.conn` and its intercept lanes use.
 */
import { z } from 'zod';
import { LIMITS } from './schema-blocks';

/** Open connections one report lists (past it the newest are kept: those are the ones a user means). */
export const MAX_TAP_CONNECTIONS = 256;

export const TapConnectionSchema = z.object({
  /** The tap's number for this relayed WebSocket (1, 2, …, never reused in one tap). */
  conn: z.number().int().min(1),
  /** The client's address as the tap saw it (`127.0.0.1:53312`). */
  client: z.string().max(LIMITS.nameChars),
  /** The path the client opened (no query: it may carry a secret). */
  path: z.string().max(LIMITS.pathChars),
  /** Wall-clock ms when the tap relayed it. */
  openedAt: z.number(),
});
export type TapConnection = z.infer<typeof TapConnectionSchema>;

/** Tap → app: every WebSocket open now, oldest first (no entry; not counted as stored). */
export const TapConnectionsReportSchema = z.object({
  type: z.literal('tap-connections'),
  conns: z.array(TapConnectionSchema).max(MAX_TAP_CONNECTIONS),
});
export type TapConnectionsReport = z.infer<typeof TapConnectionsReportSchema>;

/** What the page is told (GET /api/sessions/:id/tap-connections). */
export interface TapConnectionsStatus {
  /** A tap connected to this app now (else nothing can be injected, and the list is empty). */
  available: boolean;
  conns: TapConnection[];
}

/** `#2 · 127.0.0.1:53312 /rpc · 21:03:04`: short enough for a select, enough to tell two apart. */
export function connectionLabel(c: TapConnection): string {
  const d = new Date(c.openedAt);
  const two = (n: number) => String(n).padStart(2, '0');
  return `#${c.conn} · ${c.client} ${c.path} · ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/**
 * Which connection an injection goes into: the one the user picked while it is open, else (none
 * picked) the newest open one. A picked one that closed stays picked — the send is refused in
 * words rather than silently going into another client's socket.
 */
export function aimedConnection(conns: readonly TapConnection[], picked: number | undefined): { conn: number | undefined; closed: boolean } {
  if (picked !== undefined) return { conn: picked, closed: !conns.some((c) => c.conn === picked) };
  return { conn: conns.length ? conns[conns.length - 1].conn : undefined, closed: false };
}
