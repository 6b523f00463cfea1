/**
 * Walks a target's members by their role (kind.ts `FieldRole`), so redaction and `{{variable}}`
 * substitution handle every kind, present and future, from the kind's own `roles`.
 */
import type { FieldRole } from './kind';
import { targetKindDef, type TargetSpec } from './registry';

export interface RoleValues {
  url: string;
  text: string;
  texts: string[];
  args: string[];
  headers: Record<string, string>;
  env: Record<string, string>;
}
export type TextRole = keyof RoleValues;

/** Per role, what becomes of a member's value; `name` is the member (`url`, `headers`, `args` …). */
export type RoleMap = { [R in TextRole]?: (value: RoleValues[R], name: string) => RoleValues[R] };

/**
 * A copy of the target with each member that is present and has a mapped role replaced, in the
 * kind's role order (which is also the order things are reported in).
 */
export function mapTargetFields<T extends TargetSpec>(target: T, map: RoleMap): T {
  const roles = targetKindDef(target.kind).roles as Record<string, FieldRole>;
  const out: Record<string, unknown> = { ...target };
  for (const [name, role] of Object.entries(roles)) {
    const value = out[name];
    if (role === 'plain' || value === undefined) continue;
    const fn = map[role] as ((v: unknown, name: string) => unknown) | undefined;
    if (fn) out[name] = fn(value, name);
  }
  return out as T;
}
