'use client';
/** The whole app: token gate, then top bar, sidebar (connect + sessions) and the active session's workspace. */
import { useEffect, useState } from 'react';
import { takeToken } from '@/components/stores/token';
import { useSessions } from '@/components/stores/sessions';
import { ThemeApplier } from './ThemeApplier';
import { TokenGate } from './TokenGate';
import { TopBar } from './TopBar';
import { Sidebar } from './Sidebar';
import { Workspace } from './Workspace';
import { Welcome } from './Welcome';
import { ShortcutsHelp } from './ShortcutsHelp';
import { useGlobalKeys } from '@/components/timeline/useTimelineKeys';

function ServerNotice() {
  const message = useSessions((s) => s.serverError);
  const clear = useSessions((s) => s.clearServerError);
  if (!message) return null;
  return (
    <div role="alert" className="flex shrink-0 items-center gap-2 border-b border-warn/40 bg-warn-bg px-3 py-1 text-[12px] text-warn">
      <span className="min-w-0 flex-1 truncate" title={message}>{message}</span>
      <button type="button" onClick={clear} className="shrink-0 hover:underline">Dismiss</button>
    </div>
  );
}

function Main() {
  const activeId = useSessions((s) => s.activeId);
  const hasActive = useSessions((s) => !!(s.activeId && s.sessions[s.activeId]));
  const hasSessions = useSessions((s) => s.order.length > 0);
  const loaded = useSessions((s) => s.loaded);
  // `?` works even before a session exists.
  useGlobalKeys();
  return (
    <main className="flex min-h-0 min-w-0 flex-1">
      {activeId && hasActive ? (
        <Workspace sessionId={activeId} />
      ) : loaded ? (
        <Welcome hasSessions={hasSessions} />
      ) : (
        <div className="flex flex-1 items-center justify-center text-[12.5px] text-faint">Connecting to the rpcscope server…</div>
      )}
    </main>
  );
}

export function AppShell() {
  const [phase, setPhase] = useState<'loading' | 'ready' | 'missing'>('loading');
  const authError = useSessions((s) => s.authError);

  useEffect(() => {
    const token = takeToken();
    if (!token) {
      setPhase('missing');
      return;
    }
    useSessions.getState().init(token);
    setPhase('ready');
  }, []);

  return (
    <>
      <ThemeApplier />
      {phase === 'missing' ? (
        <TokenGate reason="missing" />
      ) : authError ? (
        <TokenGate reason="refused" />
      ) : phase === 'ready' ? (
        <div className="flex h-full flex-col">
          <TopBar />
          <ServerNotice />
          <div className="flex min-h-0 flex-1">
            <Sidebar />
            <Main />
          </div>
          <ShortcutsHelp />
        </div>
      ) : null}
    </>
  );
}
