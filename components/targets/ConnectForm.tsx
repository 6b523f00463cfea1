'use client';
import { useEffect, useState } from 'react';
import { CONNECTABLE_KIND_LIST, connectableKindDef, targetKindLabel } from '@/lib/targets/registry';
import { Button } from '@/components/ui/Button';
import { Field, Select, TextInput } from '@/components/ui/Field';
import { Segmented } from '@/components/ui/Segmented';
import { useSessions } from '@/components/stores/sessions';
import { useUi } from '@/components/stores/ui';
import type { SessionSummary } from '@/lib/session/types';
import { DIALECT_LABEL, INITIAL_FORM, buildTarget, formFromTarget, recallForm, type TargetForm } from './form';
import { TargetFields } from './TransportFields';
import { INITIAL_START, startPlanOf, withDialect, type StartForm } from './one-step';
import { StartOptions } from './StartOptions';
import { startSession } from './start-session';
import { RecentTargets } from './RecentTargets';

const FORM_KEY = 'rpcscope.connectForm';
/** The last "Duplicate as new target" the form took in (components/stores/ui.ts). */
let appliedPrefill = 0;

function recallSavedForm(): TargetForm {
  try {
    const raw = window.localStorage.getItem(FORM_KEY);
    return raw ? recallForm(JSON.parse(raw)) : INITIAL_FORM;
  } catch {
    return INITIAL_FORM;
  }
}

/** Where a new session starts: choose a transport, fill in what it needs, connect. */
export function ConnectForm({ onConnected }: { onConnected?(id: string): void }) {
  const connect = useSessions((s) => s.connect);
  const [form, setForm] = useState<TargetForm>(INITIAL_FORM);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [start, setStart] = useState<StartForm>(INITIAL_START);

  const prefill = useUi((s) => s.connectPrefill);

  // localStorage exists only in the browser: read it after the first render, not during it.
  useEffect(() => {
    setForm(recallSavedForm());
  }, []);

  const fillFrom = (s: SessionSummary) => {
    setForm((f) => formFromTarget(s.target, f, { dialect: s.dialect?.overridden ? s.dialect.id : undefined }) ?? f);
    setError(null);
  };
  // "Duplicate as new target" on a session: the form opens with its target, to edit before connecting.
  // Once per request: the form mounts again whenever the sidebar shows it.
  useEffect(() => {
    if (!prefill || prefill.nonce === appliedPrefill) return;
    appliedPrefill = prefill.nonce;
    fillFrom(prefill.from);
  }, [prefill]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const built = buildTarget(form);
    if (!built.ok) {
      setError(built.error);
      return;
    }
    const plan = startPlanOf(form.dialect, start);
    if (!plan.ok) {
      setError(plan.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const id = await connect(built.target, built.name, { timeoutMs: built.timeoutMs, dialect: built.dialect });
      try {
        // The name is per session; keep the target for next time.
        window.localStorage.setItem(FORM_KEY, JSON.stringify({ ...form, name: '' }));
      } catch {
        // not remembered, nothing lost
      }
      setForm((f) => ({ ...f, name: '' }));
      if (plan.plan) void startSession(id, form.dialect, plan.plan);
      onConnected?.(id);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2.5" aria-label="Connect to a target">
      <RecentTargets onPick={fillFrom} />
      <Segmented
        label="Transport"
        stretch
        value={form.kind}
        options={CONNECTABLE_KIND_LIST.map((k) => ({ value: k, label: targetKindLabel(k) }))}
        onChange={(kind) => { setForm({ ...form, kind }); setError(null); }}
      />

      <TargetFields
        key={form.kind}
        fields={connectableKindDef(form.kind).form.fields}
        value={form[form.kind]}
        onChange={(v) => setForm({ ...form, [form.kind]: v })}
      />

      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <Field label="Session name" htmlFor="target-name">
            <TextInput id="target-name" autoComplete="off" placeholder="optional" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
          </Field>
        </div>
        <div className="w-28">
          <Field label="Timeout (ms)" htmlFor="target-timeout">
            <TextInput id="target-timeout" code inputMode="numeric" placeholder="60000" value={form.timeoutMs} onChange={(e) => setForm({ ...form, timeoutMs: e.target.value })} />
          </Field>
        </div>
      </div>
      <Field label="Protocol" htmlFor="target-dialect" hint="Names errors, checks the lifecycle rules of that protocol and sets its framing.">
        <Select id="target-dialect" value={form.dialect} onChange={(e) => setForm(withDialect(form, e.target.value))}>
          <option value="">Detect from traffic</option>
          {Object.entries(DIALECT_LABEL).map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </Select>
      </Field>
      <StartOptions dialect={form.dialect} value={start} onChange={setStart} />

      {error ? (
        <div role="alert" className="rounded border border-err/40 bg-err-bg px-2 py-1.5 font-mono text-[12px] leading-snug break-words whitespace-pre-wrap text-err">
          {error}
        </div>
      ) : null}

      <Button type="submit" variant="primary" disabled={busy} className="w-full">
        {busy ? 'Connecting…' : 'Connect'}
      </Button>
    </form>
  );
}
