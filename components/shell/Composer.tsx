'use client';
/** The Request / Batch panel above the timeline; the builder helper's components live inside it. */
import { memo, useEffect, useRef } from 'react';
import { RequestBuilder } from '@/components/builder/RequestBuilder';
import { BatchEditor } from '@/components/batch/BatchEditor';
import { useBuilder } from '@/components/stores/builder';
import { usePreferences } from '@/components/stores/preferences';
import { useUi } from '@/components/stores/ui';
import { Tabs } from '@/components/ui/Tabs';
import { IconChevronDown, IconChevronRight } from '@/components/ui/icons';
import { Splitter } from './Splitter';
import { InjectToControl } from '@/components/builder/InjectToControl';

/** Memoised: filter changes and new entries re-render the workspace, not the editors. */
export const Composer = memo(function Composer({ sessionId }: { sessionId: string }) {
  const open = usePreferences((s) => s.composerOpen);
  const setOpen = usePreferences((s) => s.setComposerOpen);
  const height = usePreferences((s) => s.composerHeight);
  const setHeight = usePreferences((s) => s.setComposerHeight);
  const tab = useUi((s) => s.composerTab);
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

  return (
    <>
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
          items={[{ id: 'request', label: 'Request' }, { id: 'batch', label: 'Batch' }]}
          value={tab}
          onChange={(t) => { setTab(t); setOpen(true); }}
        />
        <InjectToControl sessionId={sessionId} />
      </div>
      {open ? (
        <>
          <div className="min-h-0 shrink-0 overflow-auto bg-bg" style={{ height }} data-testid="composer">
            {tab === 'request' ? <RequestBuilder sessionId={sessionId} /> : <BatchEditor sessionId={sessionId} />}
          </div>
          <Splitter axis="y" size={height} onResize={setHeight} label="Resize the composer" />
        </>
      ) : null}
    </>
  );
});
