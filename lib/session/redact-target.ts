/**
 * A target as it may leave this machine: header values (Authorization, API keys …) and the env
 * values given to a spawned process are replaced, their names kept so a reader knows they existed.
 */
import type { TargetSpec } from './types';

export const REDACTED = '[redacted]';

function redactValues(record: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!record) return record;
  return Object.fromEntries(Object.keys(record).map((k) => [k, REDACTED]));
}

export function redactTarget(target: TargetSpec): TargetSpec {
  switch (target.kind) {
    case 'http':
    case 'websocket':
      return { ...target, headers: redactValues(target.headers) };
    case 'stdio':
      return { ...target, env: redactValues(target.env) };
    case 'tcp':
      return { ...target };
  }
}
