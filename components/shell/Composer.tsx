'use client';
/** The Request / Batch panel above the timeline; the builder helper's components live inside it. */
import { memo, useCallback, useEffect, useRef } from 'react';
import { RequestBuilder } from '@/components/builder/RequestBuilder';
import { BatchEditor } from '@/components/batch/BatchEditor';
import { useBuilder } from '@/components/stores/builder';
import { useSessions } from '@/components/stores/sessions';
import { McpPanes, useMcpSession } from '@/components/mcp/McpPanel';
import { isMcpDialect } from '@/lib/dialects/mcp';
import { usePreferences } from '@/components/stores/preferences';
import { useUi } from '@/components/stores/ui';
import { Tabs } from '@/components/ui/Tabs';
import { IconChevronDown, IconChevronRight } from '@/components/ui/icons';
import { Splitter } from './Splitter';
import { InjectToControl } from '@/components/builder/InjectToControl';

/** Sessions whose MCP tab was brought forward once (the first useful view), so a user's choice of tab sticks. */
const mcpShown = new Set<string>();

/** Memoised: filter changes and new entries re-render the workspace, not the editors. */
export const Composer = memo(function Composer({ sessionId }: { sessionId: string }) {
  const isMcp = useSessions((s) => isMcpDialect(s.sessions[sessionId]?.summary.dialect?.id));
  // Chosen as MCP (the connect form's protocol, or the dialect picker), not merely detected while typing.
  const chosenMcp = useSessions((s) => isMcp && s.sessions[sessionId]?.summary.dialect?.overridden === true);
  const open = usePreferences((s) => s.composerOpen);
  const setOpen = usePreferences((s) => s.setComposerOpen);
  const height = usePreferences((s) => s.composerHeight);
  const setHeight = usePreferences((s) => s.setComposerHeight);
  const chosen = useUi((s) => s.composerTab);
  const tab = chosen === 'panes' && !isMcp ? 'request' : chosen;
  const setTab = useUi((s) => s.setComposerTab);
  const panelRequest = useBuilder((s) => s.panelRequest);
  const handledNonce = useRef(panelRequest?.nonce);

  // Edit-and-resend (from the inspector) asks for a panel: open it on the right tab.
  useEffect(() => {
    if (!panelRequest || panelRequest.nonce === handledNonce.current) return;
    handledNonce.current = panelRequest.nonce;
    useUi.getState().setComposerTab(panelRequest.panel === 'batch' ? 'batch' : 'request');
    usePreferences.getState().setComposerOpen(true);
  }, [panelRequest]);

  // A session chosen as MCP opens on its panes (the tools are what a user came for), once per
  // session; one only detected as MCP keeps the builder the user is typing in (the tab is beside it).
  useEffect(() => {
    if (!chosenMcp || mcpShown.has(sessionId)) return;
    mcpShown.add(sessionId);
    useUi.getState().setComposerTab('panes');
  }, [chosenMcp, sessionId]);

  return (
    <>
      {isMcp ? <McpSession sessionId={sessionId} /> : null}
      <div className="flex h-8 shrink-0 items-stretch border-b border-line bg-panel pr-2">
        <button
          type="button"
          aria-label={open ? 'Fold the composer' : 'Unfold the composer'}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          className="px-2 text-muted hover:text-fg"
        >
          {open ? <IconChevronDown size={13} /> : <IconChevronRight size={13} />}
        </button>
        <Tabs
          label="Compose"
          items={[{ id: 'request', label: 'Request' }, { id: 'batch', label: 'Batch' }, ...(isMcp ? [{ id: 'panes' as const, label: 'MCP' }] : [])]}
          value={tab}
          onChange={(t) => { setTab(t); setOpen(true); }}
        />
        <InjectToControl sessionId={sessionId} />
      </div>
      {open ? (
        <>
          <div className={`min-h-0 shrink-0 bg-bg ${tab === 'panes' ? 'overflow-hidden' : 'overflow-auto'}`} style={{ height }} data-testid="composer">
            {tab === 'request' ? <RequestBuilder sessionId={sessionId} /> : tab === 'batch' ? <BatchEditor sessionId={sessionId} /> : null}
            {/* Mounted while another tab shows, so a tool call in flight keeps its form and result. */}
            {isMcp ? <div className={tab === 'panes' ? 'h-full' : 'hidden'}><McpPanes sessionId={sessionId} live /></div> : null}
          </div>
          <Splitter axis="y" size={height} onResize={setHeight} label="Resize the composer" />
        </>
      ) : null}
    </>
  );
});

/** The MCP session's background work; a server request waiting for an answer shows the MCP tab. */
function McpSession({ sessionId }: { sessionId: string }) {
  const showPanes = useCallback(() => {
    useUi.getState().setComposerTab('panes');
    usePreferences.getState().setComposerOpen(true);
  }, []);
  useMcpSession(sessionId, showPanes);
  return null;
}
