/**
 * The app's copy of what each connected proxy tap relays now (lib/session/tap-connections.ts):
 * the last report per session, so the composer can list the WebSockets an injection may go into.
 * Like the intercept reports it lives in memory only — the connections exist only while the tap
 * does, and a tap that disconnects leaves none.
 */
import type { TapConnectionsReport, TapConnectionsStatus } from '../../lib/session/tap-connections';

export class TapConnections {
  private readonly bySession = new Map<string, TapConnectionsReport['conns']>();
  private readonly connected = new Set<string>();

  connect(sessionId: string): void {
    this.connected.add(sessionId);
  }

  disconnect(sessionId: string): void {
    this.connected.delete(sessionId);
    this.bySession.delete(sessionId);
  }

  /** The tap of `sessionId` reported (a report before its summary names no session: ignored). */
  reported(sessionId: string | undefined, r: TapConnectionsReport): void {
    if (sessionId && this.connected.has(sessionId)) this.bySession.set(sessionId, r.conns);
  }

  status(sessionId: string): TapConnectionsStatus {
    return { available: this.connected.has(sessionId), conns: this.bySession.get(sessionId) ?? [] };
  }
}
