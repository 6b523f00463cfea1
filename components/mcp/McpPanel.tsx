'use client';
/**
 * The MCP panes of an MCP session (over stdio, Streamable HTTP or a tap): what the server offers —
 * tools, resources, resource templates, prompts — listed from the server, each with its form, and
 * the sampling / elicitation requests it is waiting on. Lists load once the one-step start is done
 * (for what the server's capabilities declare) or on demand, and reload when the server says a list changed.
 * Renders nothing for other dialects. A live session shows them as the composer's "MCP" tab
 * (`McpPanes`), so the timeline keeps its room; an ended one above its timeline (`McpPanel`).
 */
import { useEffect, useRef, useState } from 'react';
import { MCP_LISTS, MCP_LIST_KINDS, listsChangedBy, type McpListKind } from '@/lib/mcp/catalog';
import { isRecord } from '@/lib/dialects/messages';
import { isMcpDialect } from '@/lib/dialects/mcp';
import { useSessions } from '@/components/stores/sessions';
import { useStarts } from '@/components/targets/start-session';
import { Splitter } from '@/components/shell/Splitter';
import { Tabs } from '@/components/ui/Tabs';
import { IconChevronDown, IconChevronRight } from '@/components/ui/icons';
import { bodyOf } from './calls';
import { ListPane } from './ListPane';
import { ServerRequests, useIsTap, usePendingServerRequests } from './ServerRequests';
import { listsOf, useMcp, type McpTab } from './store';
import { entryTexts, withText } from '@/components/stores/entry-texts';

export function McpPanel({ sessionId, live }: { sessionId: string; live: boolean }) {
  const dialect = useSessions((s) => s.sessions[sessionId]?.summary.dialect?.id);
  if (!isMcpDialect(dialect)) return null;
  return <Panel sessionId={sessionId} live={live} />;
}

/** The list kinds the server's initialize result says it has. */
function declared(sessionId: string, replySeq: number | null): McpListKind[] {
  const v = useSessions.getState().sessions[sessionId];
  const i = replySeq !== null ? v?.indexBySeq.get(replySeq) : undefined;
  const row = i === undefined ? undefined : v?.events[i];
  // The answer's text is recent, so the page has it; if not, it is fetched and read on the next render.
  const text = row ? entryTexts.get(sessionId, row.seq) : undefined;
  const body = bodyOf(row && text ? withText(row, text) : undefined);
  const caps = isRecord(body) && isRecord(body.result) && isRecord(body.result.capabilities) ? body.result.capabilities : null;
  return caps ? MCP_LIST_KINDS.filter((k) => MCP_LISTS[k].capability in caps) : ['tools'];
}

/**
 * How far each session's entries were read for list_changed, kept per session and not per mounted
 * component: when a session ends, the composer's panes give way to the panel above the timeline,
 * and a fresh count would read the old notifications again and reload lists the ended session
 * cannot answer.
 */
const listChangedRead = new Map<string, number>();

/** Reloads loaded lists when the server says they changed (new events only, each seen once; a live session only). */
function useListChanged(sessionId: string) {
  const view = useSessions((s) => s.sessions[sessionId]);
  useEffect(() => {
    if (!view) return;
    const kinds = new Set<McpListKind>();
    for (let i = listChangedRead.get(sessionId) ?? 0; i < view.events.length; i++) {
      const e = view.events[i];
      if (e.dir === 'in' && e.kind === 'notification' && e.method) listsChangedBy(e.method).forEach((k) => kinds.add(k));
    }
    listChangedRead.set(sessionId, view.events.length);
    if (view.summary.status !== 'open') return;
    const lists = listsOf(useMcp.getState(), sessionId);
    for (const k of kinds) if (lists[k].state !== 'idle') void useMcp.getState().load(sessionId, k);
  }, [view, view?.version, sessionId]);
}

/**
 * What an MCP session needs whether or not its panes show: the lists reload on list_changed, what
 * the server declared loads once the one-step start is done, and a server request waiting for an
 * answer brings the panes forward (`onAsked`: the composer shows its MCP tab).
 */
export function useMcpSession(sessionId: string, onAsked?: () => void): void {
  const start = useStarts((s) => s.starts[sessionId]);
  const waiting = usePendingServerRequests(sessionId).length;
  // In a tap the client answers the server's requests: nothing for the user to do, so nothing comes forward.
  const tap = useIsTap(sessionId);
  useListChanged(sessionId);
  // The first useful view: once the one-step start is done, what the server declared is listed.
  const startedSeq = start?.state === 'started' ? start.replySeq : undefined;
  useEffect(() => {
    if (startedSeq === undefined) return;
    for (const k of declared(sessionId, startedSeq)) if (listsOf(useMcp.getState(), sessionId)[k].state === 'idle') void useMcp.getState().load(sessionId, k);
  }, [sessionId, startedSeq]);
  const asked = useRef(onAsked);
  useEffect(() => {
    asked.current = onAsked;
  }, [onAsked]);
  useEffect(() => {
    if (waiting === 0 || tap) return;
    useMcp.getState().setTab(sessionId, 'requests');
    asked.current?.();
  }, [sessionId, waiting, tap]);
}

/** The panes' tab strip (Tools, Resources, … Server requests) with their counts. */
function PaneTabs({ sessionId, onPick }: { sessionId: string; onPick?: () => void }) {
  const tab = useMcp((s) => s.tab[sessionId] ?? 'tools');
  const lists = useMcp((s) => listsOf(s, sessionId));
  const waiting = usePendingServerRequests(sessionId).length;
  const count = (k: McpListKind) => (lists[k].state === 'loaded' ? (lists[k] as { items: unknown[] }).items.length : undefined);
  const items = [
    ...MCP_LIST_KINDS.map((k) => ({ id: k as McpTab, label: MCP_LISTS[k].label, badge: count(k) !== undefined ? <span className="text-faint">{count(k)}</span> : undefined })),
    { id: 'requests' as McpTab, label: 'Server requests', badge: waiting ? <span className="rounded bg-warn-bg px-1 text-warn">{waiting}</span> : undefined },
  ];
  return <Tabs label="MCP" className="min-w-0 overflow-x-auto" items={items} value={tab} onChange={(t) => { useMcp.getState().setTab(sessionId, t); onPick?.(); }} />;
}

/** The panes themselves, filling their container. Every pane stays mounted, so a call in flight keeps its form and result across tabs. */
function PaneBodies({ sessionId, live }: { sessionId: string; live: boolean }) {
  const tab = useMcp((s) => s.tab[sessionId] ?? 'tools');
  return (
    <>
      <div className={tab === 'requests' ? 'h-full overflow-auto p-2' : 'hidden'}><ServerRequests sessionId={sessionId} live={live} /></div>
      {MCP_LIST_KINDS.map((k) => (
        <div key={`${sessionId}:${k}`} className={tab === k ? 'h-full' : 'hidden'}><ListPane sessionId={sessionId} kind={k} live={live} /></div>
      ))}
    </>
  );
}

/** The MCP panes as the composer's "MCP" tab (a live session): one area shared with Request and Batch. */
export function McpPanes({ sessionId, live }: { sessionId: string; live: boolean }) {
  return (
    <section aria-label="MCP" className="flex h-full min-w-0 flex-col">
      <div className="flex h-8 min-w-0 shrink-0 items-stretch overflow-hidden border-b border-line bg-panel pr-2">
        <PaneTabs sessionId={sessionId} />
        <StartLine sessionId={sessionId} />
      </div>
      <div className="min-h-0 flex-1 overflow-hidden bg-bg" data-testid="mcp-panel">
        <PaneBodies sessionId={sessionId} live={live} />
      </div>
    </section>
  );
}

/** Above the timeline of an ended MCP session (no composer there): its own fold and height. */
function Panel({ sessionId, live }: { sessionId: string; live: boolean }) {
  const [open, setOpen] = useState(true);
  const [height, setHeight] = useState(320);
  useMcpSession(sessionId);
  return (
    <section aria-label="MCP" className="flex min-w-0 shrink-0 flex-col border-b border-line">
      <div className="flex h-8 min-w-0 shrink-0 items-stretch overflow-hidden bg-panel pr-2">
        <button type="button" aria-label={open ? 'Fold the MCP panes' : 'Unfold the MCP panes'} aria-expanded={open} onClick={() => setOpen(!open)} className="px-2 text-muted hover:text-fg">
          {open ? <IconChevronDown size={13} /> : <IconChevronRight size={13} />}
        </button>
        <span className="self-center pr-2 text-[11.5px] font-semibold text-muted">MCP</span>
        <PaneTabs sessionId={sessionId} onPick={() => setOpen(true)} />
        <StartLine sessionId={sessionId} />
      </div>
      {open ? (
        <>
          <div className="min-h-0 overflow-hidden bg-bg" style={{ height }} data-testid="mcp-panel">
            <PaneBodies sessionId={sessionId} live={live} />
          </div>
          <Splitter axis="y" size={height} onResize={(px) => setHeight(Math.max(140, Math.min(900, px)))} label="Resize the MCP panes" />
        </>
      ) : null}
    </section>
  );
}

/** How the one-step start is going, in the panel's header. */
function StartLine({ sessionId }: { sessionId: string }) {
  const start = useStarts((s) => s.starts[sessionId]);
  if (!start) return null;
  const text = start.state === 'starting' ? `starting: ${start.step}…` : start.state === 'failed' ? `start failed: ${start.error}` : 'started';
  return <span role="status" className={`ml-auto self-center truncate text-[11.5px] ${start.state === 'failed' ? 'text-err' : 'text-faint'}`} title={text}>{text}</span>;
}
