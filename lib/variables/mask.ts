/**
 * Secret variables: their values leave the server only masked. The mask has a fixed length so it
 * tells nothing about the value; a client that sends the mask back unchanged means "keep the value
 * you have" (see mergeMaskedVariables), so editing other fields never wipes a secret.
 */
import type { VariableLike } from './substitute';

export const SECRET_MASK = '••••••••';

/** Secrets shorter than this are not searched for inside other text: they would match everywhere. */
export const MIN_SECRET_SEARCH_CHARS = 4;

export interface MaskedVariable {
  name: string;
  value: string;
  secret: boolean;
}

export function maskVariables(vars: readonly VariableLike[]): MaskedVariable[] {
  // A secret with no value yet (imported from a file by name) shows empty, so the user sees it needs typing.
  return vars.map((v) => ({ name: v.name, value: v.secret && v.value !== '' ? SECRET_MASK : v.value, secret: v.secret === true }));
}

/**
 * Incoming variables from a client that only ever saw masks: a secret whose value is still the
 * mask keeps the stored value of the variable with the same name (a new secret given as the mask
 * has no value to keep and is refused by the caller through `missing`).
 */
export function mergeMaskedVariables(
  incoming: readonly VariableLike[],
  stored: readonly VariableLike[],
): { variables: MaskedVariable[]; missing: string[] } {
  const byName = new Map(stored.map((v) => [v.name, v]));
  const missing: string[] = [];
  const variables = incoming.map((v) => {
    if (v.value !== SECRET_MASK) return { name: v.name, value: v.value, secret: v.secret === true };
    const old = byName.get(v.name);
    if (!old) {
      missing.push(v.name);
      return { name: v.name, value: v.value, secret: v.secret === true };
    }
    return { name: v.name, value: old.value, secret: v.secret === true || old.secret === true };
  });
  return { variables, missing };
}

/**
 * Replaces every secret value found in `text` with the mask, longest first (so a secret that
 * contains another is masked whole). For showing a substituted URL or message to the user.
 */
export function maskSecretsIn(text: string, vars: readonly VariableLike[]): string {
  const secrets = vars
    .filter((v) => v.secret && v.value.length >= MIN_SECRET_SEARCH_CHARS)
    .map((v) => v.value)
    .sort((a, b) => b.length - a.length);
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join(SECRET_MASK);
  return out;
}
