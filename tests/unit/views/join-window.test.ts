/** The diagram's windowed joins agree with a plain scan of every join, on random sessions and bands. */
import { describe, expect, it } from 'vitest';
import { joinWindow } from '@/lib/views/join-window';
import type { Join } from '@/lib/views/sequence';

/** The reference: every join, tested one by one. */
const scan = (joins: readonly Join[], start: number, end: number) => joins.flatMap((j, k) => (j.toRow >= start && j.fromRow < end ? [k] : []));

/** A small deterministic generator, so a failure repeats. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function randomJoins(rand: () => number, rows: number): Join[] {
  const joins: Join[] = [];
  for (let r = 0; r < rows; r++) {
    if (rand() < 0.5) continue;
    // Mostly answered soon, some much later (a slow request spans many screens), some never on screen.
    const span = rand() < 0.05 ? Math.floor(rand() * rows) : 1 + Math.floor(rand() * 6);
    const toRow = Math.min(rows - 1, r + span);
    if (toRow > r) joins.push({ fromRow: r, toRow, lane: 1, tone: 'muted', dashed: false });
  }
  return joins;
}

describe('the joins crossing the diagram’s band of rows', () => {
  it('are exactly those a scan of every join finds, for random sessions and bands', () => {
    const rand = rng(7);
    for (let round = 0; round < 200; round++) {
      const rows = 1 + Math.floor(rand() * 400);
      const joins = randomJoins(rand, rows);
      const w = joinWindow(joins);
      for (let q = 0; q < 20; q++) {
        const start = Math.floor(rand() * (rows + 5));
        const end = start + Math.floor(rand() * 60);
        expect(w.crossing(start, end)).toEqual(scan(joins, start, end));
      }
    }
  });

  it('finds the one long join that spans a band far from where it starts, and nothing in an empty session', () => {
    const joins: Join[] = [
      { fromRow: 0, toRow: 90_000, lane: 1, tone: 'pending', dashed: true },
      ...Array.from({ length: 1000 }, (_, i) => ({ fromRow: 1 + 2 * i, toRow: 2 + 2 * i, lane: 1, tone: 'muted' as const, dashed: false })),
    ];
    expect(joinWindow(joins).crossing(50_000, 50_040)).toEqual([0]);
    expect(joinWindow([]).crossing(0, 10)).toEqual([]);
  });
});
