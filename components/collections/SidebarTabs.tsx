'use client';
/**
 * The lower part of the sidebar: the session list or the collections, and the way into History.
 * The choice of tab is remembered in this browser.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Tabs } from '@/components/ui/Tabs';
import { useCollections } from '@/components/stores/collections';
import { useHistory } from '@/components/stores/history';
import { HistoryDialog } from '@/components/history/HistoryDialog';
import { CollectionsPanel } from './CollectionsPanel';

type Tab = 'sessions' | 'collections';
const TAB_KEY = 'rpcscope.sidebarTab';

function IconHistory({ size = 13 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M2.5 8a5.5 5.5 0 101.6-3.9M2.5 2.8v2.6h2.6M8 5v3.2l2 1.3" />
    </svg>
  );
}

export function SidebarTabs({ sessions }: { sessions: ReactNode }) {
  const [tab, setTab] = useState<Tab>('sessions');
  const count = useCollections((s) => s.list.length);
  const setHistoryOpen = useHistory((s) => s.setOpen);

  useEffect(() => {
    try {
      const saved = window.localStorage.getItem(TAB_KEY);
      if (saved === 'collections') setTab('collections');
    } catch {
      // storage disabled: start on Sessions
    }
    // The tab badge needs the count before the tab is first opened.
    void useCollections.getState().load();
  }, []);

  const choose = (t: Tab) => {
    setTab(t);
    try {
      window.localStorage.setItem(TAB_KEY, t);
    } catch {
      // not remembered
    }
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-8 shrink-0 items-stretch border-b border-line pr-1">
        <Tabs
          label="Sidebar"
          items={[{ id: 'sessions', label: 'Sessions' }, { id: 'collections', label: 'Collections', badge: count || undefined }]}
          value={tab}
          onChange={choose}
        />
        <button
          type="button"
          onClick={() => setHistoryOpen(true)}
          className="ml-auto inline-flex items-center gap-1 self-center rounded px-1.5 py-0.5 text-[12px] text-muted hover:bg-hover hover:text-fg"
          title="Every recorded session: search, filter, open read-only, rename, tag, delete, import a session file"
        >
          <IconHistory /> History
        </button>
      </div>
      <div className="min-h-0 flex-1 overflow-auto">{tab === 'sessions' ? sessions : <CollectionsPanel />}</div>
      <HistoryDialog />
    </div>
  );
}
