'use client';
/**
 * Export → "Publish to team": the same selection and redaction the dialog previewed go to the team
 * server through the local server (server/routes/publish.ts), which answers with the link
 * `TEAM_URL/t/<id>`. A running session can be published live: the local server keeps appending its
 * entries until it ends, and this panel shows how that goes (live, retrying after a drop, done).
 */
import { useEffect, useState } from 'react';
import type { LivePublicationStatus, PublishResult, TeamLinkState } from '@/lib/api/bodies';
import { API } from '@/lib/api/routes';
import { api } from '@/components/stores/sessions';
import { messageOf } from '@/components/api/client';
import { Button } from '@/components/ui/Button';
import { CopyButton } from '@/components/ui/CopyButton';
import { Problem, Spinner } from '@/components/collections/ui';
import { TeamLinkForm } from './TeamLinkForm';

const LIVE_WORDS: Record<LivePublicationStatus['state'], string> = {
  live: 'Publishing live',
  retrying: 'Team server unreachable — will catch up',
  done: 'Live publishing ended with the session',
  failed: 'Live publishing stopped',
};
const POLL_MS = 1000;

interface Props {
  sessionId: string;
  /** The export dialog's selection and redaction choice, sent as previewed. */
  body: { redact: string; paths?: string[]; seqs?: string };
  /** Publishing waits for the preview of exactly these options, as a download does. */
  previewed: boolean;
  running: boolean;
}

export function PublishPanel({ sessionId, body, previewed, running }: Props) {
  const [link, setLink] = useState<TeamLinkState | null>(null);
  const [editing, setEditing] = useState(false);
  const [live, setLive] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<PublishResult | null>(null);
  const [liveStatus, setLiveStatus] = useState<LivePublicationStatus | null>(null);

  useEffect(() => {
    api.call(API.getTeamLink).then(setLink, (err: unknown) => setProblem(messageOf(err)));
    api.call(API.getPublication, { params: { id: sessionId } }).then((r) => setLiveStatus(r.live), () => {});
  }, [sessionId]);

  const following = liveStatus?.state === 'live' || liveStatus?.state === 'retrying';
  useEffect(() => {
    if (!following) return;
    const timer = setInterval(() => {
      api.call(API.getPublication, { params: { id: sessionId } }).then((r) => setLiveStatus(r.live), () => {});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [following, sessionId]);

  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const wantsLive = live && running;
      const r = await api.call(API.publishSession, { params: { id: sessionId }, body: { ...body, ...(wantsLive ? { live: true } : {}) } });
      setResult(r);
      setLiveStatus(r.live);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const ready = !!link?.url && link.tokenSet;
  return (
    <section aria-label="Publish to team" className="rounded border border-line bg-panel p-3" data-testid="publish-panel">
      <h3 className="mb-1.5 flex items-center gap-2 text-[10.5px] font-semibold tracking-wider text-faint uppercase">
        Publish to team
        {ready && !editing ? (
          <span className="ml-auto flex items-center gap-2 font-normal tracking-normal normal-case">
            <span className="truncate font-mono text-[11.5px] text-muted" data-testid="team-link-url">{link.url}</span>
            <span className="text-[11.5px] text-ok" data-testid="team-token-set">token set ✓</span>
            <Button size="xs" onClick={() => setEditing(true)}>Change</Button>
          </span>
        ) : null}
      </h3>
      {link === null && !problem ? <Spinner label="Reading the team settings…" /> : null}
      {link && (!ready || editing) ? (
        <TeamLinkForm link={link} onSaved={(next) => { setLink(next); setEditing(false); }} onCancel={ready ? () => setEditing(false) : undefined} />
      ) : null}
      {ready && !editing ? (
        <div className="flex flex-col gap-2">
          <div className="flex items-center gap-3 text-[12.5px]">
            <label className={`flex items-center gap-1.5 ${running ? '' : 'opacity-50'}`} title={running ? 'Keep sending new entries until the session ends' : 'The session has ended'}>
              <input type="checkbox" checked={live && running} disabled={!running || following} onChange={(e) => setLive(e.target.checked)} data-testid="publish-live" />
              Publish live (the whole session, then new entries as they are recorded)
            </label>
            <span className="ml-auto" />
            <Button variant="primary" onClick={() => void run()} disabled={!previewed || busy || following} title={previewed ? 'Publish what the preview shows' : 'Preview first: see what will be redacted'} data-testid="publish-to-team">
              {busy ? 'Publishing…' : 'Publish to team'}
            </Button>
          </div>
          {!previewed ? <p className="text-[12px] text-muted">Preview first: the team gets exactly what the preview shows.</p> : null}
        </div>
      ) : null}
      {result ? (
        <p role="status" className="mt-2 flex items-center gap-2 text-[12px] text-ok" data-testid="publish-result">
          Published {result.events.toLocaleString()} entries:
          <a href={result.url} target="_blank" rel="noreferrer noopener" className="truncate font-mono underline" data-testid="publish-link">{result.url}</a>
          <CopyButton text={() => result.url} label="Copy link" />
        </p>
      ) : null}
      {liveStatus ? (
        <p className={`mt-1 text-[12px] ${liveStatus.state === 'failed' ? 'text-err' : liveStatus.state === 'retrying' ? 'text-warn' : 'text-muted'}`} data-testid="publish-live-status">
          {LIVE_WORDS[liveStatus.state]} · the team has entries up to #{liveStatus.lastSeq}{liveStatus.error ? ` · ${liveStatus.error}` : ''}
        </p>
      ) : null}
      <Problem>{problem}</Problem>
    </section>
  );
}
