'use client';
/**
 * One tap session's intercept state, as the app holds it (GET …/intercept): read when shown and
 * every POLL_MS while the session is live (the held frames live in the tap; a reload reads them
 * again), and after each action from its answer. Actions say what went wrong in words.
 */
import { useCallback, useEffect, useState } from 'react';
import { API } from '@/lib/api/routes';
import type { InterceptStatus } from '@/lib/intercept/wire';
import { api } from '@/components/stores/sessions';

const POLL_MS = 700;

export interface InterceptControls {
  status: InterceptStatus | null;
  error: string | null;
  busy: boolean;
  setBreakpoints(breakpoints: string[]): Promise<boolean>;
  forward(hold: number, text?: string): Promise<boolean>;
  drop(hold: number): Promise<boolean>;
  releaseAll(): Promise<boolean>;
}

export function useIntercept(sessionId: string, live: boolean): InterceptControls {
  const [status, setStatus] = useState<InterceptStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setStatus(null);
    let stopped = false;
    const read = () =>
      api.call(API.getIntercept, { params: { id: sessionId } }).then(
        (s) => !stopped && setStatus(s),
        () => undefined,
      );
    void read();
    if (!live) return () => void (stopped = true);
    const timer = setInterval(() => void read(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [sessionId, live]);

  const run = useCallback(async (act: () => Promise<InterceptStatus>) => {
    setBusy(true);
    try {
      setStatus(await act());
      setError(null);
      return true;
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  const params = { id: sessionId };
  return {
    status,
    error,
    busy,
    setBreakpoints: (breakpoints) => run(() => api.call(API.setBreakpoints, { params, body: { breakpoints } })),
    forward: (hold, text) => run(() => api.call(API.forwardHeld, { params: { ...params, hold: String(hold) }, body: text === undefined ? {} : { text } })),
    drop: (hold) => run(() => api.call(API.dropHeld, { params: { ...params, hold: String(hold) }, body: {} })),
    releaseAll: () => run(() => api.call(API.releaseHeld, { params, body: {} })),
  };
}
