'use client';
/** The whole app: sign-in gate, then top bar, sidebar (connect + sessions) and the active session's workspace. */
import { useEffect, useState } from 'react';
import { signIn } from '@/components/stores/sign-in';
import type { SignInRefusal } from '@/lib/api/sign-in';
import { useSessions } from '@/components/stores/sessions';
import { followActiveSession } from '@/components/stores/composer-drafts';
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
  const [phase, setPhase] = useState<{ state: 'loading' | 'ready' } | { state: 'refused'; reason: SignInRefusal; detail: string }>({ state: 'loading' });
  const authError = useSessions((s) => s.authError);

  useEffect(() => {
    let live = true;
    void signIn().then((reply) => {
      if (!live) return;
      if (!reply.signedIn) {
        setPhase({ state: 'refused', reason: reply.reason, detail: reply.error });
        return;
      }
      useSessions.getState().init();
      followActiveSession();
      setPhase({ state: 'ready' });
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <ThemeApplier />
      {phase.state === 'refused' ? (
        <TokenGate reason={phase.reason} detail={phase.detail} />
      ) : authError ? (
        <TokenGate reason="refused" detail={authError} />
      ) : phase.state === 'ready' ? (
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
