/**
 * Which target a session talks to, as a stable key, so documents loaded for one session come
 * back for the next session to the same target. Each kind says what makes it the same target
 * (lib/targets: `key`).
 */
import { targetKindDef, type TargetSpec } from '../targets/registry';

export function targetKey(target: TargetSpec): string {
  return targetKindDef(target.kind).key(target);
}
