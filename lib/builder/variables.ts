/**
 * `{{variables}}` in the builder. The page holds environments with secret values masked, so it
 * can show what will be sent ("WILL SEND", secrets as the mask) and name unknown variables, but
 * it cannot fill in a secret: the template goes to the server, which substitutes the real values
 * (server/routes/environments.ts). The params editor's JSON check runs on the substituted text,
 * so a placeholder is never called invalid JSON.
 */
import { composeRequest, type Composed, type RequestParts } from './compose';
import { compactJson } from './json-text';
import { referencedNames, substituteJsonText, type VariableLike } from '../variables';

const PLACEHOLDER = /\{\{\s*[A-Za-z_][A-Za-z0-9_.-]*\s*\}\}/g;

/**
 * The text with every placeholder replaced by `0` padded to the same length, so a JSON check
 * judges the rest of the text and error positions stay where the user typed them.
 */
export function lintableJson(text: string): string {
  return text.includes('{{') ? text.replace(PLACEHOLDER, (m) => '0'.padEnd(m.length, ' ')) : text;
}

export interface ResolvedDraft {
  /** Checked and composed with the variables filled in (secrets as the mask): the preview. */
  resolved: Composed;
  /** What to send: the composed text with the placeholders still in it. */
  template?: string;
  /** Variables used that the environment does not define, each once. */
  unknown: string[];
  /** Variables the text uses at all. */
  used: string[];
}

/** Fills `vars` in with unknown names as `0`, only so the JSON check can judge the rest. */
function checkedVars(text: string, vars: readonly VariableLike[]): { vars: VariableLike[]; unknown: string[]; used: string[] } {
  const used = referencedNames(text);
  const known = new Set(vars.map((v) => v.name));
  const unknown = used.filter((n) => !known.has(n));
  return { vars: [...vars, ...unknown.map((name) => ({ name, value: '0' }))], unknown, used };
}

/** A composed request with `{{variables}}` in its params. */
export function resolveRequest(parts: RequestParts, vars: readonly VariableLike[]): ResolvedDraft {
  if (parts.paramsMode === 'omit' || !parts.paramsText.includes('{{')) {
    const c = composeRequest(parts);
    return { resolved: c, template: c.ok ? c.text : undefined, unknown: [], used: [] };
  }
  const v = checkedVars(parts.paramsText, vars);
  const filled = substituteJsonText(parts.paramsText, v.vars).text;
  const resolved = composeRequest({ ...parts, paramsText: filled });
  if (!resolved.ok) return { resolved, unknown: v.unknown, used: v.used };
  // params is the last member: the same text without it, then the template's params.
  const head = composeRequest({ ...parts, paramsMode: 'omit' });
  const template = head.ok ? `${head.text.slice(0, -1)},"params":${compactJson(parts.paramsText.trim())}}` : undefined;
  return { resolved, template, unknown: v.unknown, used: v.used };
}

/** Raw text: sent as typed, so only the preview is filled in. */
export function resolveRaw(text: string, vars: readonly VariableLike[]): ResolvedDraft {
  const used = referencedNames(text);
  const known = new Set(vars.map((v) => v.name));
  const r = substituteJsonText(text, vars);
  return { resolved: { ok: true, text: r.text, warnings: [] }, template: text, unknown: used.filter((n) => !known.has(n)), used };
}

/** "Not defined in “Staging”: {{token}}, {{host}} — define them or choose another environment". */
export function describeUnknownVariables(unknown: readonly string[], envName: string | undefined): string {
  const list = unknown.map((n) => `{{${n}}}`).join(', ');
  return envName
    ? `Not defined in “${envName}”: ${list}. Define ${unknown.length > 1 ? 'them' : 'it'} or choose another environment.`
    : `${list} ${unknown.length > 1 ? 'need' : 'needs'} an environment: choose one in the header.`;
}
