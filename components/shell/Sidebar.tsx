'use client';
import { useSessions } from '@/components/stores/sessions';
import { useUi } from '@/components/stores/ui';
import { ConnectForm } from '@/components/targets/ConnectForm';
import { SessionList } from '@/components/sessions/SessionList';
import { SidebarTabs } from '@/components/collections/SidebarTabs';
import { usePreferences } from '@/components/stores/preferences';
import { IconChevronRight, IconClose, IconPlus } from '@/components/ui/icons';

/** New connection on top; sessions (live and past) or collections below, and the way into History. */
export function Sidebar() {
  const hasSessions = useSessions((s) => s.order.length > 0);
  const loaded = useSessions((s) => s.loaded);
  const connectOpen = useUi((s) => s.connectOpen);
  const setConnectOpen = useUi((s) => s.setConnectOpen);
  // Open by itself only when the server says there is nothing yet: a form that appears before the
  // session list arrives and then vanishes would take the user's typing with it.
  const showForm = connectOpen || (loaded && !hasSessions);
  const collapsed = usePreferences((s) => s.sidebarCollapsed);
  const setCollapsed = usePreferences((s) => s.setSidebarCollapsed);
  // Folded to a rail, remembered: the timeline gets the width on a small screen.
  if (collapsed) {
    return (
      <nav className="flex w-8 shrink-0 flex-col items-center border-r border-line bg-panel pt-1" aria-label="Sessions" data-loaded={loaded} data-collapsed>
        <button type="button" aria-label="Show the sidebar" title="Show the sidebar (sessions, connect, collections)" onClick={() => setCollapsed(false)} className="rounded p-1.5 text-muted hover:bg-hover hover:text-fg">
          <IconChevronRight size={14} />
        </button>
        <button type="button" aria-label="New connection" title="New connection" onClick={() => { setCollapsed(false); setConnectOpen(true); }} className="rounded p-1.5 text-accent hover:bg-hover">
          <IconPlus size={14} />
        </button>
      </nav>
    );
  }
  return (
    <nav className="flex w-[280px] shrink-0 flex-col border-r border-line bg-panel" aria-label="Sessions" data-loaded={loaded}>
      <div className="shrink-0 border-b border-line">
        <div className="flex h-8 items-center px-3">
          <button type="button" aria-label="Hide the sidebar" title="Hide the sidebar" onClick={() => setCollapsed(true)} className="-ml-2 mr-1 rotate-180 rounded p-1 text-muted hover:bg-hover hover:text-fg">
            <IconChevronRight size={13} />
          </button>
          <h2 className="text-[11px] font-semibold tracking-wider text-faint uppercase">New connection</h2>
          {loaded && hasSessions ? (
            <button
              type="button"
              onClick={() => setConnectOpen(!connectOpen)}
              className="ml-auto inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-[12px] text-accent hover:bg-hover"
              aria-expanded={showForm}
            >
              {connectOpen ? <><IconClose size={12} /> Hide</> : <><IconPlus size={12} /> Connect</>}
            </button>
          ) : null}
        </div>
        {showForm ? (
          <div className="max-h-[70vh] overflow-auto px-3 pb-3">
            <ConnectForm onConnected={() => setConnectOpen(false)} />
          </div>
        ) : null}
      </div>
      <SidebarTabs sessions={<SessionList />} />
    </nav>
  );
}
