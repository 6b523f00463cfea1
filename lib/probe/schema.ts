/**
 * The probe report as it travels in a session file (`probe`, optional): validated on import with
 * limits on every list and string, and on the report's whole size, so a hand-made or hostile file
 * is refused in words before anything is stored. The report carries its own format and version
 * (`rpcscope-probe`, 1), the same JSON `rpcscope probe --json` writes.
 */
import { z } from 'zod';
import { DIALECT_IDS } from '../dialects/registry';
import { DAP_PROTOCOL } from '../jsonrpc/dap';
import { LIMITS } from '../session/schema-blocks';
import type { ProbeDialectId, ProbeReport, ProbeResult } from './types';

export const PROBE_REPORT_FORMAT = 'rpcscope-probe';
export const PROBE_REPORT_VERSION = 1;

export const PROBE_LIMITS = {
  /** Checks in one report (a plan has a few dozen). */
  results: 1000,
  /** Messages quoted per check, and findings per check. */
  linesPerResult: 1000,
  /** The report's JSON text: a report is a few hundred short lines; anything far larger is not one of ours. */
  reportChars: 2 * 1024 * 1024,
} as const;

/** DAP is not JSON-RPC and has no probe (lib/probe/types.ts). */
const PROBE_DIALECT_IDS = DIALECT_IDS.filter((d): d is ProbeDialectId => d !== DAP_PROTOCOL) as [ProbeDialectId, ...ProbeDialectId[]];

const text = z.string().max(LIMITS.textChars);
const label = z.string().max(LIMITS.labelChars);
const seq = z.number().int().nonnegative();
const count = z.number().int().nonnegative();
const level = z.enum(['MUST', 'SHOULD']);

const ProbeResultSchema = z.object({
  id: label,
  title: text,
  level,
  spec: text,
  outcome: z.enum(['pass', 'fail', 'n/a', 'skipped']),
  broke: level.optional(),
  did: text,
  exchange: z.array(z.object({ seq, dir: z.enum(['out', 'in', 'meta']), text })).max(PROBE_LIMITS.linesPerResult),
  findings: z.array(z.object({ seq, rule: label, severity: label, message: text })).max(PROBE_LIMITS.linesPerResult),
});

export const ProbeReportSchema = z.object({
  format: z.literal(PROBE_REPORT_FORMAT, { error: `format must be "${PROBE_REPORT_FORMAT}"` }),
  version: z.literal(PROBE_REPORT_VERSION, { error: `this rpcscope reads probe reports of version ${PROBE_REPORT_VERSION}` }),
  target: text,
  dialect: z.enum(PROBE_DIALECT_IDS),
  dialectEvidence: text,
  startedAt: z.iso.datetime({ offset: true, message: 'must be an ISO-8601 date-time' }),
  durationMs: z.number().nonnegative().max(LIMITS.timeoutMsMax * 1000),
  sessionId: z.string().max(LIMITS.sessionIdChars).optional(),
  results: z.array(ProbeResultSchema).max(PROBE_LIMITS.results),
  endedEarly: text.optional(),
  counts: z.object({ passed: count, mustBroken: count, shouldBroken: count, notApplicable: count, skipped: count }),
});

type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
// A member added to the report's type but not here (or the reverse) fails to compile right here.
const _keysInStep: [SameKeys<z.infer<typeof ProbeReportSchema>, ProbeReport>, SameKeys<z.infer<typeof ProbeResultSchema>, ProbeResult>] = [true, true];
void _keysInStep;

/** Why a parsed report is too large to keep, or null. */
export function probeReportTooLarge(report: ProbeReport): string | null {
  const chars = JSON.stringify(report).length;
  return chars > PROBE_LIMITS.reportChars ? `the probe report is too large (${chars} characters, at most ${PROBE_LIMITS.reportChars})` : null;
}
