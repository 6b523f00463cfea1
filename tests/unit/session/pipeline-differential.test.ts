import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MessagePipeline } from '@/lib/session/pipeline';
import { CHUNK, chunkDigests, KEPT_FILE, RUNS, STEPS, transcript } from './pipeline-mix';

const kept = JSON.parse(readFileSync(KEPT_FILE, 'utf8')) as { steps: number; chunk: number; runs: Record<string, string[]> };
/** Each run's transcript, made once for both the comparison and the coverage check. */
const made = new Map<string, string[]>();
const lines = (run: (typeof RUNS)[number]) => made.get(run.name) ?? made.set(run.name, transcript(MessagePipeline, run)).get(run.name)!;

describe('a faster pipeline judges the same traffic the same way as the kept one', () => {
  it('keeps digests of the same mix it replays', () => {
    expect([kept.steps, kept.chunk]).toEqual([STEPS, CHUNK]);
    expect(Object.keys(kept.runs)).toEqual(RUNS.map((r) => r.name));
  });

  for (const run of RUNS) {
    it(`gives every event, patch and dialect change of the ${run.name} mix byte for byte as kept`, () => {
      const now = chunkDigests(lines(run));
      const mismatched = now.flatMap((d, i) => (d === kept.runs[run.name][i] ? [] : [i]));
      // The steps of the first differing chunk, so the change can be read.
      const shown = mismatched.length ? lines(run).slice(mismatched[0] * CHUNK, (mismatched[0] + 1) * CHUNK).join('\n') : '';
      expect({ mismatched, shown }).toEqual({ mismatched: [], shown: '' });
      expect(now).toHaveLength(kept.runs[run.name].length);
    });
  }

  it('covers what the pipeline decides: pairings, findings, timeouts, batches, DAP and a detected dialect', () => {
    const all = RUNS.flatMap((run) => lines(run).map((l) => JSON.parse(l) as [string, { event?: { kind: string; state?: string; findings: { rule: string }[]; protocol?: string }; dialectChanged?: unknown }]));
    const events = all.flatMap(([, o]) => (o.event ? [o.event] : []));
    const states = new Set(events.map((e) => e.state));
    for (const s of ['answered', 'pending', 'orphan', 'duplicate']) expect(states).toContain(s);
    const rules = new Set(events.flatMap((e) => e.findings.map((f) => f.rule)));
    expect(rules.size).toBeGreaterThan(15);
    expect(rules).toContain('duplicate-key');
    expect(events.some((e) => e.kind === 'batch')).toBe(true);
    expect(events.some((e) => e.protocol === 'dap')).toBe(true);
    expect(all.some(([, o]) => o.dialectChanged)).toBe(true);
    expect(all.some(([w, o]) => w === 'tick' && (o as unknown as { patches: unknown[] }).patches.length > 0)).toBe(true);
  });
});
