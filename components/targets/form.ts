/**
 * The connection form's state, one part per target kind, and how it becomes a TargetSpec (or a
 * plain-words error). Each kind's fields, initial values and checks are its own (lib/targets).
 */
import type { TargetSpec } from '@/lib/session/types';
import { parseTargetSpec } from '@/lib/session/schemas';
// Only kinds rpcscope connects to have a form (a tap is started by the client's configuration).
import {
  CONNECTABLE_KINDS as TARGET_KINDS,
  CONNECTABLE_KIND_LIST as TARGET_KIND_LIST,
  connectableKindDef as targetKindDef,
  isConnectableKind as isTargetKind,
  type ConnectableKind as TargetKind,
} from '@/lib/targets/registry';
import { listProfiles } from '@/lib/dialects/registry';

export type { HeaderRow } from '@/lib/targets/kind';

type KindForms = { [K in TargetKind]: (typeof TARGET_KINDS)[K]['form']['initial'] };

export type TargetForm = KindForms & {
  kind: TargetKind;
  name: string;
  timeoutMs: string;
  /** '' = detect from traffic. */
  dialect: string;
};

const initialKindForms = Object.fromEntries(TARGET_KIND_LIST.map((k) => [k, TARGET_KINDS[k].form.initial])) as KindForms;

// The form opens on the first kind the registry lists for it.
export const INITIAL_FORM: TargetForm = { ...initialKindForms, kind: TARGET_KIND_LIST[0], name: '', timeoutMs: '', dialect: '' };

/** A form saved by this or an older version, completed per kind so every field exists. */
export function recallForm(saved: unknown): TargetForm {
  if (typeof saved !== 'object' || saved === null) return INITIAL_FORM;
  const s = saved as Partial<Record<keyof TargetForm, unknown>>;
  const part = (k: TargetKind) => (typeof s[k] === 'object' && s[k] !== null ? (s[k] as Record<string, unknown>) : {});
  const recallPart = (k: TargetKind) => {
    const spec = targetKindDef(k).form;
    return spec.recall ? spec.recall(part(k)) : { ...(spec.initial as object), ...part(k) };
  };
  return {
    ...(Object.fromEntries(TARGET_KIND_LIST.map((k) => [k, recallPart(k)])) as KindForms),
    kind: isTargetKind(s.kind) ? s.kind : INITIAL_FORM.kind,
    name: '',
    timeoutMs: typeof s.timeoutMs === 'string' ? s.timeoutMs : '',
    dialect: typeof s.dialect === 'string' ? s.dialect : '',
  };
}

/**
 * The form as it would have been filled to open `target`: "Duplicate as new target" and the
 * recent targets list start from it. Null for a kind the form cannot open (a tap).
 */
export function formFromTarget(target: TargetSpec, base: TargetForm, opts: { dialect?: string } = {}): TargetForm | null {
  if (!isTargetKind(target.kind)) return null;
  const kind = target.kind;
  const part = targetKindDef(kind).form.fromTarget(target);
  return { ...base, kind, [kind]: part, name: '', dialect: opts.dialect ?? '' };
}

export type BuildResult = { ok: true; target: TargetSpec; name?: string; timeoutMs?: number; dialect?: string } | { ok: false; error: string };

export function buildTarget(form: TargetForm): BuildResult {
  const built = targetKindDef(form.kind).form.build(form[form.kind]);
  if (!built.ok) return built;
  // The server checks again; checking here too names the field before a round trip.
  const checked = parseTargetSpec(built.target);
  if (!checked.ok) return { ok: false, error: checked.error };
  let timeoutMs: number | undefined;
  if (form.timeoutMs.trim()) {
    timeoutMs = Number(form.timeoutMs.trim());
    if (!Number.isInteger(timeoutMs) || timeoutMs < 1) return { ok: false, error: 'The request timeout must be a whole number of milliseconds' };
  }
  return { ok: true, target: checked.value, name: form.name.trim() || undefined, timeoutMs, ...(form.dialect ? { dialect: form.dialect } : {}) };
}

/** Protocol dialects the server knows, as users call them: derived from lib/dialects/registry. */
export const DIALECT_LABEL: Readonly<Record<string, string>> = Object.fromEntries(listProfiles().map((p) => [p.id, p.label]));
