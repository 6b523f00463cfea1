'use client';
/** One recorded session in History: what it was, how it went, and what can be done with it. */
import { memo, useState } from 'react';
import { DURATION, useHistory, type HistoryEntry } from '@/components/stores/history';
import { describeTarget, targetKindLabel } from '@/lib/targets/registry';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { IconTrash } from '@/components/ui/icons';
import { Badge, ConfirmDelete, InlineName, IconPencil } from '@/components/collections/ui';
import { messageOf } from '@/components/api/client';
import { TextInput } from '@/components/ui/Field';
import { Button, IconButton } from '@/components/ui/Button';

function startedLabel(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  // Local time, sortable and compact: 2026-03-01 09:00:00.
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** Tags as "a, b, c"; Enter saves, Escape cancels. */
function TagEditor({ entry, onDone }: { entry: HistoryEntry; onDone(): void }) {
  const [text, setText] = useState((entry.tags ?? []).join(', '));
  const [problem, setProblem] = useState<string | null>(null);
  const save = async () => {
    const tags = [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];
    try {
      await useHistory.getState().setTags(entry.id, tags);
      onDone();
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  return (
    <div className="mt-1 flex flex-col gap-0.5">
      <TextInput
        autoFocus
        aria-label={`Tags of ${entry.name}`}
        placeholder="tags, separated by commas"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') {
            e.stopPropagation();
            onDone();
          }
        }}
        className="h-6 w-full text-[12px]"
      />
      {problem ? <span role="alert" className="text-[11px] text-err">{problem}</span> : <span className="text-[10.5px] text-faint">Enter saves, Escape cancels</span>}
    </div>
  );
}

export const HistoryRow = memo(function HistoryRow({ entry, active }: { entry: HistoryEntry; active: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [tagging, setTagging] = useState(false);
  const open = () => useHistory.getState().openSession(entry.id);
  const target = describeTarget(entry.target);
  return (
    <tr
      data-session-id={entry.id}
      aria-current={active ? 'true' : undefined}
      className={`group border-b border-line align-top ${active ? 'bg-sel' : 'hover:bg-hover'}`}
      onDoubleClick={open}
    >
      <td className="max-w-0 py-1.5 pr-2 pl-4">
        <div className="flex min-w-0 items-center gap-1.5">
          <InlineName value={entry.name} editing={renaming} onDone={() => setRenaming(false)} label="Session name" className="font-medium" onSave={(name) => useHistory.getState().rename(entry.id, name)} />
          {entry.live ? <Badge tone="ok">live</Badge> : null}
          {entry.imported ? <Badge tone="in" title="Imported from a session file: read-only, never connects">imported</Badge> : null}
          {entry.shared ? <Badge tone="accent" title="A read-only share link is active">shared</Badge> : null}
          {!entry.live ? <StatusBadge status={entry.status} className="shrink-0" /> : null}
        </div>
        {entry.tags?.length && !tagging ? (
          <div className="mt-0.5 flex flex-wrap gap-1">
            {entry.tags.map((t) => (
              <button key={t} type="button" onClick={() => useHistory.getState().setQuery({ tag: t })} title={`Show sessions tagged ${t}`} className="rounded bg-panel-2 px-1 text-[11px] text-muted hover:text-fg">
                #{t}
              </button>
            ))}
          </div>
        ) : null}
        {tagging ? <TagEditor entry={entry} onDone={() => setTagging(false)} /> : null}
      </td>
      <td className="max-w-0 py-1.5 pr-2">
        <div className="flex min-w-0 items-center gap-1.5">
          <span className="shrink-0 rounded bg-panel-2 px-1 text-[10.5px] font-medium tracking-wide text-muted uppercase">{targetKindLabel(entry.target.kind)}</span>
          <span className="truncate font-mono text-[12px] text-muted" title={target}>{target}</span>
        </div>
        {entry.failure ? <div className="mt-0.5 truncate font-mono text-[11px] text-err" title={entry.failure}>{entry.failure}</div> : null}
      </td>
      <td className="py-1.5 pr-2 font-mono text-[11.5px] whitespace-nowrap text-muted" title={new Date(entry.startedAt).toString()}>{startedLabel(entry.startedAt)}</td>
      <td className="py-1.5 pr-2 text-right text-[12px] whitespace-nowrap text-muted tabular-nums">{DURATION(entry.durationMs)}</td>
      <td className="py-1.5 pr-2 text-right text-[12px] whitespace-nowrap tabular-nums" title={`${entry.counts.out} sent, ${entry.counts.in} received, ${entry.counts.events} entries in all`}>
        <span className="text-out">{entry.counts.out.toLocaleString()}↑</span> <span className="text-in">{entry.counts.in.toLocaleString()}↓</span>
      </td>
      <td className={`py-1.5 pr-2 text-right text-[12px] tabular-nums ${entry.counts.errors ? 'text-err' : 'text-faint'}`}>{entry.counts.errors.toLocaleString()}</td>
      <td className={`py-1.5 pr-2 text-right text-[12px] tabular-nums ${entry.counts.findings ? 'text-warn' : 'text-faint'}`}>{entry.counts.findings.toLocaleString()}</td>
      <td className="py-1 pr-3 whitespace-nowrap">
        <div className="flex items-center justify-end gap-0.5">
          <Button size="xs" onClick={open} aria-label={`Open ${entry.name}`}>
            Open
          </Button>
          <IconButton title="Rename" aria-label={`Rename ${entry.name}`} onClick={() => setRenaming(true)}>
            <IconPencil />
          </IconButton>
          <IconButton title="Edit tags" aria-label={`Tag ${entry.name}`} onClick={() => setTagging((t) => !t)}>
            <span className="text-[12px]">#</span>
          </IconButton>
          <ConfirmDelete what={`${entry.name}${entry.live ? ' (it is live: it will be disconnected)' : ''}`} onConfirm={() => useHistory.getState().remove(entry.id)}>
            <IconTrash size={13} />
          </ConfirmDelete>
        </div>
      </td>
    </tr>
  );
});
