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

export function SessionActions({ summary }: { summary: SessionSummary }) {
  const [dialog, setDialog] = useState<'export' | 'share' | null>(null);
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
      <Button size="xs" onClick={() => setDialog('export')} title="Export as a session file, HTML page or HAR, redacted">
        Export
      </Button>
      <Button size="xs" onClick={() => setDialog('share')} title="A read-only link to this session">
        Share
      </Button>
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
