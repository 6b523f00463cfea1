'use client';
/** Which environment fills `{{variables}}` when an item runs, and the way to edit them. */
import { useEffect, useId } from 'react';
import { useEnvironments } from '@/components/stores/environments';
import { Select } from '@/components/ui/Field';
import { Button } from '@/components/ui/Button';

/** `header`: the top bar's compact copy (the builder's `{{variables}}` come from the same active environment). */
export function EnvironmentPicker({ where = 'panel' }: { where?: 'panel' | 'header' }) {
  const selectId = useId();
  const list = useEnvironments((s) => s.list);
  const activeId = useEnvironments((s) => s.activeId);
  const loaded = useEnvironments((s) => s.loaded);
  const error = useEnvironments((s) => s.error);
  const setActive = useEnvironments((s) => s.setActive);
  const openEditor = useEnvironments((s) => s.openEditor);

  useEffect(() => {
    if (!loaded) void useEnvironments.getState().load();
  }, [loaded]);

  return (
    <div className="flex items-center gap-1.5" data-testid={where === 'header' ? 'header-environment' : undefined}>
      <label htmlFor={selectId} className="shrink-0 text-[11px] text-muted">Env</label>
      <Select
        id={selectId}
        aria-label="Active environment"
        className={where === 'header' ? 'h-6 max-w-44 text-[12px]' : 'h-6 flex-1 text-[12px]'}
        value={activeId ?? ''}
        onChange={(e) => setActive(e.target.value || null)}
        title={error ?? 'Variables {{name}} in items are filled from this environment when they run'}
      >
        <option value="">No environment</option>
        {list.map((e) => (
          <option key={e.id} value={e.id}>{e.name} ({e.variables.length})</option>
        ))}
      </Select>
      {where === 'panel' ? (
        <Button size="xs" onClick={() => openEditor()}>
          Edit…
        </Button>
      ) : null}
    </div>
  );
}
