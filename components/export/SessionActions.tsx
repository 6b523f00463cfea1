'use client';
/**
 * The active session's sharing controls for the top bar: an "imported" / "read-only" badge, a
 * "shared" badge while a link is active, and the Export and Share dialogs.
 */
import { useEffect, useState } from 'react';
import type { SessionSummary } from '@/lib/session/types';
import { Badge } from '@/components/collections/ui';
import { Button } from '@/components/ui/Button';
import { API } from '@/lib/api/routes';
import { api } from '@/components/stores/sessions';
import { ExportDialog } from './ExportDialog';
import { ShareDialog } from './ShareDialog';

export const EXPORT_TITLE = 'Export as a session file, HTML page or HAR, redacted';
export const SHARE_TITLE = 'A read-only link to this session';

export type SessionDialog = 'export' | 'share' | null;

/**
 * `dialog` / `onDialog`: which dialog is open, owned by the top bar so its "⋯" menu can open them
 * too; `buttons: false` leaves the Export and Share buttons to that menu (a narrow window).
 */
export function SessionActions({ summary, dialog, onDialog: setDialog, buttons = true }: { summary: SessionSummary; dialog: SessionDialog; onDialog(d: SessionDialog): void; buttons?: boolean }) {
  const [shared, setShared] = useState<{ id: string; on: boolean } | null>(null);
  const live = summary.status === 'open' || summary.status === 'connecting';

  useEffect(() => {
    let cancelled = false;
    api.call(API.getShare, { params: { id: summary.id } }).then(
      (s) => { if (!cancelled) setShared({ id: summary.id, on: !!s.shareId }); },
      () => undefined, // the badge is a hint; the dialog reports problems
    );
    return () => { cancelled = true; };
  }, [summary.id]);

  const isShared = shared?.id === summary.id && shared.on;
  return (
    <>
      {summary.imported ? (
        <Badge tone="in" testId="imported-badge" title="Imported from a session file: read-only, it never connects or runs anything">imported</Badge>
      ) : null}
      {!live && !summary.imported ? <Badge title="A past session: read-only">read-only</Badge> : null}
      {isShared ? <Badge tone="accent" title="A read-only share link is active">shared</Badge> : null}
      {buttons ? (
        <>
          <Button size="xs" onClick={() => setDialog('export')} title={EXPORT_TITLE}>
            Export
          </Button>
          <Button size="xs" onClick={() => setDialog('share')} title={SHARE_TITLE}>
            Share
          </Button>
        </>
      ) : null}
      {dialog === 'export' ? <ExportDialog key={summary.id} sessionId={summary.id} onClose={() => setDialog(null)} /> : null}
      {dialog === 'share' ? (
        <ShareDialog
          key={summary.id}
          sessionId={summary.id}
          name={summary.name}
          onClose={() => setDialog(null)}
          onChange={(s) => setShared({ id: summary.id, on: !!s.shareId })}
        />
      ) : null}
    </>
  );
}
