/**
 * Which relayed WebSocket the composer aims an injection at: the newest open one by default, the
 * picked one while it is open, and a picked one that closed stays picked (and shown closed) so
 * nothing silently goes into another client's socket; a report larger than its cap is refused.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TAP_CONNECTIONS, TapConnectionsReportSchema, aimedConnection, connectionLabel, type TapConnection } from '@/lib/session/tap-connections';

const at = (h: number, m: number, s: number) => new Date(2026, 0, 1, h, m, s).getTime();
const conns: TapConnection[] = [
  { conn: 1, client: '127.0.0.1:50001', path: '/rpc', openedAt: at(9, 5, 7) },
  { conn: 3, client: '127.0.0.1:50003', path: '/rpc', openedAt: at(9, 6, 0) },
];

describe('the connection an injection goes into', () => {
  it('is the newest open one when none was picked, and none without connections', () => {
    expect(aimedConnection(conns, undefined)).toEqual({ conn: 3, closed: false });
    expect(aimedConnection([], undefined)).toEqual({ conn: undefined, closed: false });
  });

  it('is the picked one while it is open, and stays picked (closed) once it is not', () => {
    expect(aimedConnection(conns, 1)).toEqual({ conn: 1, closed: false });
    expect(aimedConnection(conns, 2)).toEqual({ conn: 2, closed: true });
  });

  it('is labelled by number, client, path and the time it opened', () => {
    expect(connectionLabel(conns[0])).toBe('#1 · 127.0.0.1:50001 /rpc · 09:05:07');
  });

  it('a report past the cap is refused', () => {
    const many = Array.from({ length: MAX_TAP_CONNECTIONS + 1 }, (_, i) => ({ ...conns[0], conn: i + 1 }));
    expect(TapConnectionsReportSchema.safeParse({ type: 'tap-connections', conns: many }).success).toBe(false);
    expect(TapConnectionsReportSchema.safeParse({ type: 'tap-connections', conns }).success).toBe(true);
  });
});
