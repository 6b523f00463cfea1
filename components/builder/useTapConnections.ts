'use client';
/**
 * The WebSockets a live proxy tap relays now (GET …/tap-connections), read when the composer
 * shows and every POLL_MS after, into the inject-to store (where the send reads the aimed one).
 * Only for a live tap with a `--to` URL: a stdio tap has no connections to choose from.
 */
import { useEffect } from 'react';
import { API } from '@/lib/api/routes';
import { api, useSessions } from '@/components/stores/sessions';
import { useInjectTo } from '@/components/stores/inject-to';

const POLL_MS = 1000;

export function useTapConnections(sessionId: string): void {
  const proxy = useSessions((s) => {
    const summary = s.sessions[sessionId]?.summary;
    return summary?.target.kind === 'tap' && summary.target.to !== undefined && summary.status === 'open';
  });
  const setConns = useInjectTo((s) => s.setConns);
  useEffect(() => {
    if (!proxy) return;
    let stopped = false;
    const read = () =>
      api.call(API.tapConnections, { params: { id: sessionId } }).then(
        (r) => !stopped && setConns(sessionId, r.conns),
        () => undefined,
      );
    void read();
    const timer = setInterval(() => void read(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [sessionId, proxy, setConns]);
}
