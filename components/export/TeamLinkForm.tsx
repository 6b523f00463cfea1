'use client';
/**
 * The team URL and personal access token, set once for this app (server/publish/settings.ts).
 * The token is typed here and sent to the local server, which keeps it; the page only ever learns
 * "token set" afterwards, so the field starts empty and leaving it empty keeps the saved one.
 */
import { useState } from 'react';
import type { TeamLinkState } from '@/lib/api/bodies';
import { API } from '@/lib/api/routes';
import { api } from '@/components/stores/sessions';
import { messageOf } from '@/components/api/client';
import { Button } from '@/components/ui/Button';
import { Field, TextInput } from '@/components/ui/Field';
import { Problem } from '@/components/collections/ui';

export function TeamLinkForm({ link, onSaved, onCancel }: { link: TeamLinkState; onSaved(next: TeamLinkState): void; onCancel?(): void }) {
  const [url, setUrl] = useState(link.url ?? '');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onSaved(await api.call(API.setTeamLink, { body: token ? { url, token } : { url } }));
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="team-link-form">
      <Field label="Team server URL" htmlFor="team-url" hint="Where teammates open published sessions, e.g. https://rpcscope.example.com">
        <TextInput id="team-url" code value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…" maxLength={2000} />
      </Field>
      <Field label="Personal access token" htmlFor="team-token" hint={link.tokenSet ? 'Token set ✓ — leave empty to keep it. It stays on this machine, in the data directory.' : 'From `rpcscope team token create --user NAME`. It stays on this machine, in the data directory.'}>
        <TextInput id="team-token" code type="password" value={token} onChange={(e) => setToken(e.target.value)} placeholder={link.tokenSet ? '••••••••' : 'paste the token'} maxLength={512} autoComplete="off" />
      </Field>
      <div className="flex items-center gap-2">
        <Button variant="primary" onClick={() => void save()} disabled={busy || !url.trim() || (!link.tokenSet && !token.trim())} data-testid="team-link-save">
          {busy ? 'Saving…' : 'Save team settings'}
        </Button>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      </div>
      <Problem>{problem}</Problem>
    </div>
  );
}
