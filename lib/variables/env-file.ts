/**
 * Environment file, version 1: an environment as a JSON file to hand to a teammate, keep in git or
 * give `rpcscope run --env`. Secret variables are written by name only (`"secret": true`, no
 * value): a secret never leaves the machine it was typed on. Importing such a file makes the
 * secret a variable that still needs its value, asked for on first use (see `needsValue`).
 */
import { VARIABLE_NAME, type VariableLike } from './substitute';

export const ENVIRONMENT_FILE_FORMAT = 'rpcscope-environment';
export const ENVIRONMENT_FILE_VERSION = 1;

export const ENVIRONMENT_FILE_LIMITS = { fileChars: 8 * 1024 * 1024, variables: 1000, nameChars: 100, valueChars: 64 * 1024 } as const;

export interface EnvironmentFileVariable {
  name: string;
  /** Absent for a secret. */
  value?: string;
  secret?: true;
}

export interface EnvironmentFileV1 {
  format: typeof ENVIRONMENT_FILE_FORMAT;
  version: typeof ENVIRONMENT_FILE_VERSION;
  name: string;
  variables: EnvironmentFileVariable[];
}

/** An imported variable: a secret arrives with `value: ''` and stays so until the user types it. */
export interface ImportedVariable {
  name: string;
  value: string;
  secret: boolean;
}

export function buildEnvironmentFile(env: { name: string; variables: readonly VariableLike[] }): string {
  const file: EnvironmentFileV1 = {
    format: ENVIRONMENT_FILE_FORMAT,
    version: ENVIRONMENT_FILE_VERSION,
    name: env.name,
    variables: env.variables.map((v) => (v.secret ? { name: v.name, secret: true } : { name: v.name, value: v.value })),
  };
  return JSON.stringify(file, null, 2) + '\n';
}

export type EnvironmentFileParse =
  | { ok: true; name: string; variables: ImportedVariable[]; secrets: string[] }
  | { ok: false; error: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads an environment file: all or nothing, the first problem named with where it is. Never throws. */
export function parseEnvironmentFile(text: string): EnvironmentFileParse {
  const refuse = (error: string): EnvironmentFileParse => ({ ok: false, error: `not imported: ${error}` });
  if (typeof text !== 'string') return refuse('expected text');
  if (text.length > ENVIRONMENT_FILE_LIMITS.fileChars) return refuse(`the file is larger than ${ENVIRONMENT_FILE_LIMITS.fileChars / (1024 * 1024)} MiB`);
  let v: unknown;
  try {
    v = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return refuse(`not valid JSON (${(e as Error).message})`);
  }
  if (!isObj(v) || v.format !== ENVIRONMENT_FILE_FORMAT) return refuse(`not an rpcscope environment file (format must be "${ENVIRONMENT_FILE_FORMAT}")`);
  if (v.version !== ENVIRONMENT_FILE_VERSION) {
    return refuse(`unsupported version ${JSON.stringify(v.version)?.slice(0, 40)} (this rpcscope reads version ${ENVIRONMENT_FILE_VERSION})`);
  }
  if (typeof v.name !== 'string' || !v.name.trim() || v.name.length > 200) return refuse('name must be text of 1 to 200 characters');
  if (!Array.isArray(v.variables)) return refuse('variables must be a list');
  if (v.variables.length > ENVIRONMENT_FILE_LIMITS.variables) return refuse(`more than ${ENVIRONMENT_FILE_LIMITS.variables} variables`);
  const variables: ImportedVariable[] = [];
  const seen = new Set<string>();
  for (const [i, x] of v.variables.entries()) {
    const where = `variables[${i}]`;
    if (!isObj(x)) return refuse(`${where}: expected { name, value } or { name, secret: true }`);
    const extra = Object.keys(x).find((k) => k !== 'name' && k !== 'value' && k !== 'secret');
    if (extra) return refuse(`${where}: unknown member ${JSON.stringify(extra.slice(0, 40))}`);
    if (typeof x.name !== 'string' || x.name.length > ENVIRONMENT_FILE_LIMITS.nameChars || !VARIABLE_NAME.test(x.name)) {
      return refuse(`${where}.name: must start with a letter or _, use letters, digits, _ . - (at most ${ENVIRONMENT_FILE_LIMITS.nameChars})`);
    }
    if (seen.has(x.name)) return refuse(`${where}: "${x.name}" appears twice`);
    seen.add(x.name);
    if (x.secret !== undefined && typeof x.secret !== 'boolean') return refuse(`${where}.secret: must be true or false`);
    if (x.secret === true) {
      // A file carrying a secret's value was not written by rpcscope: refuse rather than keep it quietly.
      if (x.value !== undefined) return refuse(`${where}: "${x.name}" is secret, so the file must not carry its value`);
      variables.push({ name: x.name, value: '', secret: true });
      continue;
    }
    if (typeof x.value !== 'string') return refuse(`${where}.value: must be text`);
    if (x.value.length > ENVIRONMENT_FILE_LIMITS.valueChars) return refuse(`${where}.value: longer than 64 KiB`);
    variables.push({ name: x.name, value: x.value, secret: false });
  }
  return { ok: true, name: v.name.trim(), variables, secrets: variables.filter((x) => x.secret).map((x) => x.name) };
}

/** Secret variables that have no value on this machine yet (imported by name): ask before use. */
export function needsValue(vars: readonly VariableLike[], used?: readonly string[]): string[] {
  return vars.filter((v) => v.secret && v.value === '' && (!used || used.includes(v.name))).map((v) => v.name);
}

/** "token and apiKey came without their values (secrets): type them in Environments first". */
export function describeNeedsValue(names: readonly string[]): string {
  if (!names.length) return '';
  const list = names.map((n) => `{{${n}}}`).join(', ');
  return `${list} ${names.length > 1 ? 'are secrets' : 'is a secret'} imported without ${names.length > 1 ? 'their values' : 'its value'}: type ${names.length > 1 ? 'them' : 'it'} in Environments first`;
}
