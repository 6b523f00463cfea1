/**
 * Substitution across a target: URLs, header values, the command, its arguments, cwd and env
 * values. Each unknown variable is reported with where it was used, so the message can say
 * "headers.Authorization uses {{token}}, which this environment does not define".
 */
import type { TargetSpec } from '../session/types';
import { mapTargetFields } from '../targets/roles';
import { substitute, substituteJsonText, toVariableMap, type VariableSource } from './substitute';

export interface UnknownVariable {
  name: string;
  /** Where it was used: `url`, `headers.Authorization`, `args[2]`, `env.API_KEY`, `params` … */
  where: string;
}

export interface TargetSubstituted {
  target: TargetSpec;
  unknown: UnknownVariable[];
  used: string[];
}

class Collector {
  readonly unknown: UnknownVariable[] = [];
  readonly used: string[] = [];
  constructor(private readonly vars: Map<string, string>) {}

  text(value: string, where: string): string {
    const r = substitute(value, this.vars);
    this.note(r.unknown, r.used, where);
    return r.text;
  }

  json(value: string, where: string): string {
    const r = substituteJsonText(value, this.vars);
    this.note(r.unknown, r.used, where);
    return r.text;
  }

  record(rec: Record<string, string> | undefined, where: string): Record<string, string> | undefined {
    if (!rec) return rec;
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(rec)) out[k] = this.text(v, `${where}.${k}`);
    return out;
  }

  private note(unknown: string[], used: string[], where: string): void {
    for (const name of unknown) this.unknown.push({ name, where });
    for (const name of used) if (!this.used.includes(name)) this.used.push(name);
  }
}

export function substituteTarget(target: TargetSpec, vars: VariableSource): TargetSubstituted {
  const c = new Collector(toVariableMap(vars));
  // Which members take variables is the kind's own `roles` (lib/targets).
  const out = mapTargetFields(target, {
    url: (v, name) => c.text(v, name),
    text: (v, name) => c.text(v, name),
    texts: (v, name) => v.map((x, i) => c.text(x, `${name}[${i}]`)),
    args: (v, name) => v.map((x, i) => c.text(x, `${name}[${i}]`)),
    headers: (v, name) => c.record(v, name)!,
    env: (v, name) => c.record(v, name)!,
  });
  const rec = out as unknown as Record<string, unknown>;
  for (const k of Object.keys(rec)) if (rec[k] === undefined) delete rec[k];
  return { target: out, unknown: c.unknown, used: c.used };
}

/** A message text (request, batch or raw): JSON-aware, see substituteJsonText. */
export function substituteMessage(text: string, vars: VariableSource, where = 'message'): { text: string; unknown: UnknownVariable[]; used: string[] } {
  const c = new Collector(toVariableMap(vars));
  const out = c.json(text, where);
  return { text: out, unknown: c.unknown, used: c.used };
}

/** "headers.Authorization uses {{token}}, args[1] uses {{dir}}: not defined in this environment". */
export function describeUnknown(unknown: readonly UnknownVariable[], limit = 5): string {
  if (unknown.length === 0) return '';
  const parts = unknown.slice(0, limit).map((u) => `${u.where} uses {{${u.name}}}`);
  const more = unknown.length > limit ? ` (and ${unknown.length - limit} more)` : '';
  return `${parts.join(', ')}${more}: not defined in the chosen environment`;
}
