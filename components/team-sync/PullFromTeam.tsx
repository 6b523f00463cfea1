'use client';
/**
 * "Pull from team" (collections) and "Pull template" (environments): the team's list, each with
 * who changed it last and whether there is a local copy. Pulling creates a local copy or updates
 * the linked one; a local copy changed here is only replaced when the user says so. When no team
 * is set yet, the same team settings form as Export → Publish to team asks for it.
 */
import { useRef, useState } from 'react';
import type { TeamLinkState } from '@/lib/api/bodies';
import { API } from '@/lib/api/routes';
import { SHARED_KIND_INFO, type SharedKind, type TeamDocListing } from '@/lib/team/sync';
import { api } from '@/components/stores/sessions';
import { useTeamSync } from '@/components/stores/team-sync';
import { messageOf } from '@/components/api/client';
import { Button } from '@/components/ui/Button';
import { Popover } from '@/components/ui/Popover';
import { Problem, Spinner } from '@/components/collections/ui';
import { TeamLinkForm } from '@/components/export/TeamLinkForm';
import { secretsNote } from '@/components/environments/EnvironmentFile';

type Listing = { state: 'loading' } | { state: 'unlinked'; link: TeamLinkState } | { state: 'ready'; docs: TeamDocListing[] } | { state: 'failed'; error: string };

function Row({ kind, doc, onPulled }: { kind: SharedKind; doc: TeamDocListing; onPulled(note: string): void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const changed = !!doc.local?.changed;
  const pull = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const r = await useTeamSync.getState().pull(kind, doc.name, changed);
      onPulled(`${r.created ? 'Pulled' : 'Updated'} “${r.name}” (team version ${r.version}).${secretsNote(r.secrets)}`);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const label = !doc.local ? 'Pull' : changed ? 'Replace mine' : doc.local.version === doc.version ? 'Pull again' : 'Update';
  return (
    <li className="flex flex-col gap-0.5 border-b border-line py-1.5 last:border-b-0" data-testid="team-doc">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-[12.5px] font-medium" title={doc.name}>{doc.name}</span>
        <Button size="xs" variant={changed ? 'danger' : 'secondary'} disabled={busy} onClick={() => void pull()} aria-label={`${label} ${doc.name}`}>
          {busy ? 'Pulling…' : label}
        </Button>
      </div>
      <span className="text-[11px] text-muted">
        version {doc.version} · {doc.updatedBy} · {doc.updatedAt.replace('T', ' ').slice(0, 16)}
        {doc.local ? ` · here as “${doc.local.name}” (v${doc.local.version}${changed ? ', changed here — pulling replaces those changes' : ''})` : ''}
      </span>
      <Problem>{problem}</Problem>
    </li>
  );
}

export function PullFromTeam({ kind }: { kind: SharedKind }) {
  const anchor = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [listing, setListing] = useState<Listing>({ state: 'loading' });
  const [note, setNote] = useState<string | null>(null);
  const what = SHARED_KIND_INFO[kind].label;

  const load = async () => {
    setListing({ state: 'loading' });
    try {
      const link = await api.call(API.getTeamLink);
      if (!link.url || !link.tokenSet) return setListing({ state: 'unlinked', link });
      setListing({ state: 'ready', docs: await useTeamSync.getState().list(kind) });
    } catch (err) {
      setListing({ state: 'failed', error: messageOf(err) });
    }
  };
  const toggle = () => {
    setNote(null);
    if (!open) void load();
    setOpen(!open);
  };

  return (
    <>
      <span ref={anchor} className="inline-flex">
        <Button size="xs" onClick={toggle} aria-expanded={open} title={`The team server's ${what}s`}>
          {kind === 'collection' ? 'Pull from team…' : 'Pull template…'}
        </Button>
      </span>
      <Popover open={open} onClose={() => setOpen(false)} anchor={anchor} align="left" label={`Pull a ${what} from the team`} width={360}>
        <h3 className="mb-1 text-[10.5px] font-semibold tracking-wider text-faint uppercase">Team {what}s</h3>
        {listing.state === 'loading' ? <Spinner label="Asking the team server…" /> : null}
        {listing.state === 'failed' ? <Problem>{listing.error}</Problem> : null}
        {listing.state === 'unlinked' ? (
          <>
            <p className="mb-1 text-[12px] text-muted">Set the team server and a personal access token once (kept by this app, never shown again).</p>
            <TeamLinkForm link={listing.link} onSaved={() => void load()} />
          </>
        ) : null}
        {listing.state === 'ready' ? (
          listing.docs.length ? (
            <ul aria-label={`Team ${what}s`}>
              {listing.docs.map((d) => <Row key={d.name} kind={kind} doc={d} onPulled={(n) => { setNote(n); void load(); }} />)}
            </ul>
          ) : (
            <p className="text-[12px] text-muted">The team has no {what}s yet. Push one first.</p>
          )
        ) : null}
        {note ? <p role="status" className="mt-1.5 text-[11.5px] leading-snug text-ok" data-testid="team-pull-note">{note}</p> : null}
      </Popover>
    </>
  );
}
