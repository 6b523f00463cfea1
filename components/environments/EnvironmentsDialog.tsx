'use client';
/**
 * Environments and their variables. A secret's value is typed once (hidden as you type) and never
 * comes back: after saving, the field stays empty with "kept" and the server keeps the value until
 * a new one is typed.
 */
import { useEffect, useState } from 'react';
import { useEnvironments, type Environment } from '@/components/stores/environments';
import { Button } from '@/components/ui/Button';
import { IconPlus, IconTrash } from '@/components/ui/icons';
import { ConfirmDelete, Problem } from '@/components/collections/ui';
import { Dialog } from '@/components/ui/Dialog';
import { messageOf } from '@/components/api/client';
import { VariableRows, rowsFrom, rowsToVariables, rowProblems, type Row } from './VariableRows';
import { TextInput } from '@/components/ui/Field';
import { IconButton } from '@/components/ui/Button';
import { ExportEnvironment, ImportEnvironment } from './EnvironmentFile';
import { TeamBadge, TeamPushButton, TeamPushStatus } from '@/components/team-sync/TeamPush';
import { PullFromTeam } from '@/components/team-sync/PullFromTeam';
import { useTeamSync } from '@/components/stores/team-sync';

function EnvironmentEditor({ env }: { env: Environment }) {
  const [name, setName] = useState(env.name);
  const [rows, setRows] = useState<Row[]>(() => rowsFrom(env.variables));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const isActive = useEnvironments((s) => s.activeId === env.id);

  useEffect(() => {
    setName(env.name);
    setRows(rowsFrom(env.variables));
    setProblem(null);
  }, [env]);

  const problems = rowProblems(rows);
  const save = async () => {
    if (problems.size) {
      setProblem('Fix the variables marked in red first.');
      return;
    }
    try {
      await useEnvironments.getState().save(env.id, { name: name.trim(), variables: rowsToVariables(rows) });
      setProblem(null);
      setSaved(true);
      setTimeout(() => setSaved(false), 1500);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-3 p-4" data-testid="environment-editor">
      <div className="flex items-center gap-2">
        <label className="flex min-w-0 flex-1 items-center gap-2 text-[12px] text-muted">
          Name
          <TextInput aria-label="Environment name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} className="flex-1" />
        </label>
        {isActive ? (
          <span className="text-[11.5px] text-ok">active</span>
        ) : (
          <Button size="xs" variant="ghost" onClick={() => useEnvironments.getState().setActive(env.id)}>Make active</Button>
        )}
        <TeamBadge kind="environment" localId={env.id} />
        <ExportEnvironment id={env.id} name={env.name} />
        <TeamPushButton kind="environment" localId={env.id} name={env.name} />
        <ConfirmDelete what={`environment ${env.name}`} onConfirm={() => useEnvironments.getState().remove(env.id)}>
          <IconTrash size={13} />
        </ConfirmDelete>
      </div>
      <TeamPushStatus kind="environment" localId={env.id} />
      <VariableRows rows={rows} onChange={setRows} problems={problems} />
      <p className="text-[11.5px] leading-relaxed text-muted">
        Use <code className="font-mono text-accent">{'{{name}}'}</code> in a saved item's message or its target (URL, headers, command arguments, env
        values). Secret values are masked everywhere, replaced by <code className="font-mono">{'{{name}}'}</code> in collection exports and taken out of
        session exports.
      </p>
      <Problem>{problem}</Problem>
      <div className="flex items-center gap-2">
        <Button variant="primary" onClick={() => void save()}>Save</Button>
        {saved ? <span role="status" className="text-[12px] text-ok">Saved</span> : null}
      </div>
    </div>
  );
}

export function EnvironmentsDialog() {
  const open = useEnvironments((s) => s.editorOpen);
  const list = useEnvironments((s) => s.list);
  const editing = useEnvironments((s) => s.editing);
  const close = useEnvironments((s) => s.closeEditor);
  const [newName, setNewName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) void useTeamSync.getState().loadCopies();
  }, [open, list]);
  if (!open) return null;
  const env = list.find((e) => e.id === editing);

  const create = async () => {
    const name = newName.trim();
    if (!name) return;
    try {
      await useEnvironments.getState().create(name);
      setNewName('');
      setProblem(null);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };

  return (
    <Dialog title="Environments" onClose={close} width={780} testId="environments-dialog">
      <div className="flex min-h-[360px]">
        <div className="flex w-52 shrink-0 flex-col border-r border-line bg-panel">
          <ul className="flex-1 overflow-auto py-1" aria-label="Environments">
            {list.map((e) => (
              <li key={e.id}>
                <button
                  type="button"
                  aria-current={e.id === editing ? 'true' : undefined}
                  onClick={() => useEnvironments.setState({ editing: e.id })}
                  className={`flex w-full items-center gap-1 px-3 py-1 text-left text-[12.5px] ${e.id === editing ? 'bg-sel' : 'hover:bg-hover'}`}
                >
                  <span className="min-w-0 flex-1 truncate">{e.name}</span>
                  <span className="text-[11px] text-faint">{e.variables.length}</span>
                </button>
              </li>
            ))}
            {list.length === 0 ? <li className="px-3 py-2 text-[12px] text-faint">No environments yet.</li> : null}
          </ul>
          <div className="border-t border-line p-2">
            <div className="flex items-center gap-1">
              <TextInput
                aria-label="New environment name"
                placeholder="New environment"
                value={newName}
                maxLength={200}
                onChange={(e) => setNewName(e.target.value)}
                onKeyDown={(e) => { if (e.key === 'Enter') void create(); }}
                className="h-6 flex-1 text-[12px]"
              />
              <IconButton aria-label="Add environment" onClick={() => void create()} disabled={!newName.trim()}>
                <IconPlus size={13} />
              </IconButton>
            </div>
            <Problem>{problem}</Problem>
            <ImportEnvironment />
            <div className="mt-1.5"><PullFromTeam kind="environment" /></div>
          </div>
        </div>
        {env ? <EnvironmentEditor key={env.id} env={env} /> : (
          <div className="flex flex-1 items-center justify-center p-6 text-center text-[12.5px] text-muted">
            Create an environment on the left, then give it variables such as <code className="mx-1 font-mono">baseUrl</code> or a secret <code className="mx-1 font-mono">token</code>.
          </div>
        )}
      </div>
    </Dialog>
  );
}
