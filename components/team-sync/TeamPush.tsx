'use client';
/**
 * "Push to team" on a collection and "Push as template" on an environment, the badge of a local
 * team copy ("team v3", "changed here"), and what the last push did: pushed, or a conflict that
 * says who changed it and when and offers "Pull theirs" / "Keep mine as a copy" — nothing is
 * overwritten until the user picks one.
 */
import { describeConflict, type SharedKind } from '@/lib/team/sync';
import { useTeamSync } from '@/components/stores/team-sync';
import { Button, IconButton } from '@/components/ui/Button';
import { Badge, Problem, Spinner } from '@/components/collections/ui';

function IconUpload({ size = 12 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M8 10.5v-8M4.5 6L8 2.5 11.5 6M3 13.5h10" />
    </svg>
  );
}

/** The push control: an icon in the collections tree, a labelled button in the environments dialog. */
export function TeamPushButton({ kind, localId, name }: { kind: SharedKind; localId: string; name: string }) {
  const busy = useTeamSync((s) => s.outcomeOf(kind, localId)?.state === 'busy');
  const push = () => void useTeamSync.getState().push(kind, localId);
  if (kind === 'environment') {
    return (
      <Button size="xs" variant="ghost" disabled={busy} onClick={push} title="Names and non-secret values go to the team; secret values stay on this machine">
        Push as template
      </Button>
    );
  }
  return (
    <IconButton title="Push to team (its current version)" aria-label={`Push ${name} to team`} disabled={busy} onClick={(e) => { e.stopPropagation(); push(); }}>
      <IconUpload />
    </IconButton>
  );
}

/** "team v3" beside a local copy of a team collection or template; "changed" when edited here since. */
export function TeamBadge({ kind, localId, className = '' }: { kind: SharedKind; localId: string; className?: string }) {
  const copy = useTeamSync((s) => s.copyOf(kind, localId));
  if (!copy) return null;
  const title = `A copy of the team's “${copy.teamName}”, version ${copy.version}${copy.changed ? ', changed here since' : ''}`;
  return (
    <span className={`inline-flex shrink-0 ${className}`}>
      <Badge tone={copy.changed ? 'warn' : 'in'} title={title} testId="team-badge">
        team v{copy.version}{copy.changed ? ' · changed' : ''}
      </Badge>
    </span>
  );
}

export function TeamPushStatus({ kind, localId }: { kind: SharedKind; localId: string }) {
  const outcome = useTeamSync((s) => s.outcomeOf(kind, localId));
  if (!outcome) return null;
  const store = useTeamSync.getState();
  const dismiss = (
    <button type="button" className="text-muted hover:text-fg" aria-label="Dismiss" onClick={(e) => { e.stopPropagation(); store.dismiss(kind, localId); }}>✕</button>
  );
  const box = 'mx-2 mb-1 flex flex-col gap-1 rounded border px-2 py-1 text-[11.5px] leading-snug';
  switch (outcome.state) {
    case 'busy':
      return <div className="px-3 pb-1"><Spinner label="Talking to the team server…" /></div>;
    case 'pushed':
      return (
        <p role="status" className="flex items-start gap-1 px-3 pb-1 text-[11.5px] text-ok" data-testid="team-push-status">
          <span className="min-w-0 flex-1 break-words">Pushed to the team as “{outcome.name}”, version {outcome.version}.</span>
          {dismiss}
        </p>
      );
    case 'pulled':
      return (
        <p role="status" className="flex items-start gap-1 px-3 pb-1 text-[11.5px] text-ok" data-testid="team-push-status">
          <span className="min-w-0 flex-1 break-words">Took the team's version {outcome.version}.</span>
          {dismiss}
        </p>
      );
    case 'failed':
      return <div className="px-2 pb-1"><Problem testId="team-push-error">{outcome.error}</Problem></div>;
    case 'conflict':
      return (
        <div role="alert" className={`${box} border-warn/50 bg-warn-bg text-fg`} data-testid="team-conflict" onClick={(e) => e.stopPropagation()}>
          <div className="flex items-start gap-1">
            <span className="min-w-0 flex-1 break-words">{describeConflict(kind, outcome)}</span>
            {dismiss}
          </div>
          <div className="flex flex-wrap items-center gap-1">
            {outcome.theirs ? (
              <Button size="xs" onClick={() => void store.pullTheirs(kind, localId, outcome.name)} title="Your changes here are replaced by the team's version">
                Pull theirs
              </Button>
            ) : null}
            <Button size="xs" variant="primary" onClick={() => void store.push(kind, localId, true)} title={`Yours goes to the team as “${outcome.name} (copy)”; theirs stays as it is`}>
              Keep mine as a copy
            </Button>
          </div>
        </div>
      );
  }
}
