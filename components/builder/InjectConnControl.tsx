'use client';
/**
 * Which relayed WebSocket a proxy tap session's injections go into (issue 12): the tap's open
 * connections (client address, path, when opened) in a select beside "to server / to client".
 * "Newest open" follows new connections; picking one sticks to it, and once it closes the choice
 * says so (the send is refused in words rather than going into another client's socket). Shows
 * nothing while the tap relays no WebSocket (then injections go over HTTP).
 */
import { aimedConnection, connectionLabel } from '@/lib/session/tap-connections';
import { connsOf, useInjectTo } from '@/components/stores/inject-to';
import { Select } from '@/components/ui/Field';
import { useTapConnections } from './useTapConnections';

const NEWEST = 'newest';

export function InjectConnControl({ sessionId }: { sessionId: string }) {
  useTapConnections(sessionId);
  const conns = useInjectTo((s) => connsOf(s, sessionId));
  const picked = useInjectTo((s) => s.connBySession[sessionId]);
  const pick = useInjectTo((s) => s.pickConn);
  if (!conns.length && picked === undefined) return null;
  const aimed = aimedConnection(conns, picked);
  const newest = conns[conns.length - 1];
  return (
    <span className="flex items-center gap-1" data-testid="inject-conn" data-conn={aimed.conn ?? ''}>
      <Select
        size="xs"
        aria-label="Into which WebSocket"
        title="The relayed WebSocket an injected message goes into"
        value={picked === undefined ? NEWEST : String(picked)}
        onChange={(e) => pick(sessionId, e.target.value === NEWEST ? undefined : Number(e.target.value))}
        className="max-w-72"
      >
        <option value={NEWEST}>{newest ? `newest: ${connectionLabel(newest)}` : 'newest open WebSocket (none open)'}</option>
        {conns.map((c) => (
          <option key={c.conn} value={String(c.conn)}>{connectionLabel(c)}</option>
        ))}
        {aimed.closed ? <option value={String(picked)}>#{picked} (closed)</option> : null}
      </Select>
      {aimed.closed ? <span className="text-[11px] text-err" role="status">WebSocket #{picked} closed: pick another</span> : null}
    </span>
  );
}
