/**
 * Connect in one step, the form half: choosing a dialect sets the framing it uses on every stream
 * kind's form (each kind says which of its fields is a framing, lib/targets), and the one-step
 * start's choices (on by default for dialects that have one).
 */
import { getProfile, isDialectId } from '@/lib/dialects/registry';
import { planStart, type DialectStart, type StartChoice, type StartPlan } from '@/lib/dialects/start';
import { CONNECTABLE_KIND_LIST, connectableKindDef } from '@/lib/targets/registry';
import type { TargetForm } from './form';

/** The form with `dialect` chosen and, where the dialect names one, its framing on every stream target. */
export function withDialect(form: TargetForm, dialect: string): TargetForm {
  const next: TargetForm = { ...form, dialect };
  const framing = isDialectId(dialect) ? getProfile(dialect).framing : null;
  if (!framing) return next;
  for (const kind of CONNECTABLE_KIND_LIST) {
    for (const field of connectableKindDef(kind).form.fields) {
      if (field.control !== 'framing') continue;
      // The field's key names a framing member of this kind's form part (FormField's typing says so).
      (next as Record<string, unknown>)[kind] = { ...(next[kind] as object), [field.key]: framing };
    }
  }
  return next;
}

export interface StartForm extends StartChoice {
  on: boolean;
}

export const INITIAL_START: StartForm = { on: true, off: [], texts: {} };

/** The one-step start of a dialect id, if it has one. */
export function dialectStart(dialect: string): DialectStart | undefined {
  return isDialectId(dialect) ? getProfile(dialect).start : undefined;
}

/** What to run once connected: nothing (no start chosen or offered), a plan, or why the choices are wrong. */
export function startPlanOf(dialect: string, form: StartForm): { ok: true; plan: StartPlan | null } | { ok: false; error: string } {
  const start = dialectStart(dialect);
  if (!start || !form.on) return { ok: true, plan: null };
  const r = planStart(start, form);
  return r.ok ? { ok: true, plan: r.plan } : r;
}
