/**
 * A target as it may leave this machine: header values (Authorization, API keys …) and the env
 * values given to a spawned process are replaced, their names kept so a reader knows they existed.
 * Which members are headers or env is each kind's own `roles` (lib/targets).
 */
import { mapTargetFields } from '../targets/roles';
import type { TargetSpec } from './types';

export const REDACTED = '[redacted]';

function redactValues(record: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(record).map((k) => [k, REDACTED]));
}

export function redactTarget(target: TargetSpec): TargetSpec {
  return mapTargetFields(target, { headers: redactValues, env: redactValues });
}
