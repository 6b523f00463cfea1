'use client';
/**
 * Environment files: export one (secret values never written, only their names) and import one.
 * After an import the dialog says which secrets still need their values, and the run refuses to
 * use them until they are typed (server/routes/collections.ts).
 */
import { useRef, useState } from 'react';
import { useEnvironments } from '@/components/stores/environments';
import { messageOf } from '@/components/api/client';
import { Button } from '@/components/ui/Button';
import { Problem } from '@/components/collections/ui';

/** The server refuses larger files; reading one would only freeze the tab. */
const MAX_FILE_BYTES = 8 * 1024 * 1024;

/** What an imported file or a pulled team template still needs here: the values of its secrets. */
export function secretsNote(secrets: readonly string[]): string {
  return secrets.length ? ` Type the value of ${secrets.map((s) => `{{${s}}}`).join(', ')}: secrets come without their values.` : '';
}

export function ExportEnvironment({ id, name }: { id: string; name: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    try {
      await useEnvironments.getState().exportFile(id, name);
      setProblem(null);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  return (
    <>
      <Button size="xs" variant="ghost" onClick={() => void run()} title="Secret values are not written: only their names">
        Export…
      </Button>
      <Problem>{problem}</Problem>
    </>
  );
}

export function ImportEnvironment() {
  const ref = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const pick = async () => {
    const input = ref.current;
    const file = input?.files?.[0];
    if (input) input.value = ''; // picking the same file again still fires
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setNote({ ok: false, text: 'not imported: the file is larger than 8 MiB' });
      return;
    }
    try {
      const { environment, secrets } = await useEnvironments.getState().importFile(await file.text());
      setNote({ ok: true, text: `Imported “${environment.name}”.${secretsNote(secrets)}` });
    } catch (err) {
      setNote({ ok: false, text: messageOf(err) });
    }
  };
  return (
    <div className="mt-1.5">
      <Button size="xs" onClick={() => ref.current?.click()} title="A .rpcscope-environment.json file">
        Import file…
      </Button>
      <input ref={ref} type="file" accept=".json,application/json" className="hidden" aria-label="Environment file" onChange={() => void pick()} />
      {note ? (
        note.ok ? <p role="status" className="mt-1 text-[11.5px] leading-snug text-muted">{note.text}</p> : <Problem>{note.text}</Problem>
      ) : null}
    </div>
  );
}
