'use client';
/**
 * History: every session this rpcscope recorded or imported, newest first, with search and
 * filters; Open shows it read-only in the same timeline and inspector.
 */
import { useEffect, useRef, useState } from 'react';
import type { SessionStatus, TargetKind } from '@/lib/session/types';
import { TARGET_KIND_LIST, targetKindLabel } from '@/lib/targets/registry';
import { EMPTY_QUERY, useHistory, type HistoryQuery } from '@/components/stores/history';
import { useSessions } from '@/components/stores/sessions';
import { Button, Toggle } from '@/components/ui/Button';
import { IconSearch } from '@/components/ui/icons';
import { Problem, Spinner } from '@/components/collections/ui';
import { Dialog } from '@/components/ui/Dialog';
import { HistoryRow } from './HistoryRow';
import { ImportSessionButton, ImportNotice } from './ImportSession';
import { Select, TextInput } from '@/components/ui/Field';

const STATUSES: { value: '' | SessionStatus; label: string }[] = [
  { value: '', label: 'Any status' },
  { value: 'open', label: 'Live' },
  { value: 'closed', label: 'Closed' },
  { value: 'failed', label: 'Failed' },
  { value: 'connecting', label: 'Connecting' },
];

const KINDS: { value: '' | TargetKind; label: string }[] = [
  { value: '', label: 'Any transport' },
  ...TARGET_KIND_LIST.map((k) => ({ value: k, label: targetKindLabel(k) })),
];

function Filters() {
  const query = useHistory((s) => s.query);
  const tags = useHistory((s) => s.tags);
  const setQuery = useHistory((s) => s.setQuery);
  const [search, setSearch] = useState(query.search);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  const typed = (text: string) => {
    setSearch(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setQuery({ search: text }), 200);
  };
  const flag = (key: 'errors' | 'findings' | 'imported') => (on: boolean) => setQuery({ [key]: on ? '1' : '' } as Partial<HistoryQuery>);
  const filtered = JSON.stringify({ ...query, search }) !== JSON.stringify(EMPTY_QUERY);
  return (
    <div className="flex flex-wrap items-center gap-1.5 border-b border-line bg-panel px-4 py-2">
      <div className="relative flex min-w-56 flex-1 items-center">
        <IconSearch size={13} className="pointer-events-none absolute left-2 text-faint" />
        <TextInput
          aria-label="Search sessions"
          placeholder="Search name or target (URL, command, host:port)"
          value={search}
          onChange={(e) => typed(e.target.value)}
          className="w-full pl-7"
          data-autofocus
        />
      </div>
      <Select aria-label="Filter by status" value={query.status} onChange={(e) => setQuery({ status: e.target.value as HistoryQuery['status'] })}>
        {STATUSES.map((s) => <option key={s.value} value={s.value}>{s.label}</option>)}
      </Select>
      <Select aria-label="Filter by transport" value={query.kind} onChange={(e) => setQuery({ kind: e.target.value as HistoryQuery['kind'] })}>
        {KINDS.map((k) => <option key={k.value} value={k.value}>{k.label}</option>)}
      </Select>
      <Select aria-label="Filter by tag" value={query.tag} onChange={(e) => setQuery({ tag: e.target.value })}>
        <option value="">Any tag</option>
        {query.tag && !tags.some((t) => t.tag === query.tag) ? <option value={query.tag}>#{query.tag}</option> : null}
        {tags.map((t) => <option key={t.tag} value={t.tag}>#{t.tag} ({t.count})</option>)}
      </Select>
      <Toggle on={query.errors === '1'} onChange={flag('errors')} tone="err" title="Only sessions with error replies">Errors</Toggle>
      <Toggle on={query.findings === '1'} onChange={flag('findings')} tone="warn" title="Only sessions with rule findings">Findings</Toggle>
      <Toggle on={query.imported === '1'} onChange={flag('imported')} title="Only sessions imported from a file">Imported</Toggle>
      {filtered ? (
        <button type="button" className="text-[12px] text-accent hover:underline" onClick={() => { setSearch(''); setQuery(EMPTY_QUERY); }}>
          Clear
        </button>
      ) : null}
    </div>
  );
}

export function HistoryDialog() {
  const open = useHistory((s) => s.open);
  const setOpen = useHistory((s) => s.setOpen);
  const entries = useHistory((s) => s.entries);
  const hasMore = useHistory((s) => s.hasMore);
  const loading = useHistory((s) => s.loading);
  const error = useHistory((s) => s.error);
  const activeId = useSessions((s) => s.activeId);

  return (
    <>
      <ImportNotice />
      {open ? (
        <Dialog
          title="History"
          onClose={() => setOpen(false)}
          width={1180}
          height={640}
          testId="history-dialog"
          footer={
            <>
              <span className="text-[12px] text-muted">{entries.length.toLocaleString()}{hasMore ? '+' : ''} session{entries.length === 1 ? '' : 's'}</span>
              {loading ? <Spinner /> : null}
              <span className="ml-auto" />
              <ImportSessionButton />
            </>
          }
        >
          <Filters />
          {error ? <div className="px-4 py-2"><Problem>{error}</Problem></div> : null}
          <table className="w-full table-fixed border-collapse" aria-label="Recorded sessions">
            <colgroup>
              <col className="w-[26%]" />
              <col />
              <col className="w-40" />
              <col className="w-24" />
              <col className="w-24" />
              <col className="w-20" />
              <col className="w-24" />
              <col className="w-36" />
            </colgroup>
            <thead className="sticky top-0 z-10 bg-bg">
              <tr className="border-b border-line text-left text-[10.5px] tracking-wider text-faint uppercase">
                <th className="py-1.5 pr-2 pl-4 font-semibold">Session</th>
                <th className="py-1.5 pr-2 font-semibold">Target</th>
                <th className="py-1.5 pr-2 font-semibold">Started</th>
                <th className="py-1.5 pr-2 text-right font-semibold">Duration</th>
                <th className="py-1.5 pr-2 text-right font-semibold" title="sent ↑ / received ↓">Messages</th>
                <th className="py-1.5 pr-2 text-right font-semibold">Errors</th>
                <th className="py-1.5 pr-2 text-right font-semibold">Findings</th>
                <th className="py-1.5 pr-3" />
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => <HistoryRow key={e.id} entry={e} active={e.id === activeId} />)}
            </tbody>
          </table>
          {!loading && entries.length === 0 && !error ? (
            <p className="px-4 py-6 text-center text-[12.5px] text-muted">No session matches. Every connection you open is recorded here; imported session files too.</p>
          ) : null}
          {hasMore ? (
            <div className="flex justify-center py-2">
              <Button size="xs" onClick={() => void useHistory.getState().load(true)} disabled={loading}>
                Load more
              </Button>
            </div>
          ) : null}
        </Dialog>
      ) : null}
    </>
  );
}
