/**
 * The page finds an entry by seq without a Map entry per row (issue 11: page memory): the
 * position is arithmetic while seqs are dense and a binary search when they are not. Checked
 * against a Map on random sessions with gaps, inserts into gaps and replays.
 */
import { describe, expect, it } from 'vitest';
import { SeqIndex } from '@/lib/timeline/seq-index';
import { rng } from './live-batches';

describe('finding an entry by seq', () => {
  it('answers like a Map of seq → position while rows arrive with gaps and fill them in', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const r = rng(seed);
      const rows: { seq: number }[] = [];
      const index = new SeqIndex(rows);
      const skipped: number[] = [];
      let seq = Math.floor(r() * 5);
      for (let step = 0; step < 300; step++) {
        const roll = r();
        if (roll < 0.1 && skipped.length) {
          // an entry that was skipped arrives later: inserted in seq order
          const s = skipped.splice(Math.floor(r() * skipped.length), 1)[0];
          let at = rows.findIndex((x) => x.seq > s);
          if (at < 0) at = rows.length;
          rows.splice(at, 0, { seq: s });
        } else {
          seq += 1;
          if (roll > 0.9) skipped.push(seq++);
          rows.push({ seq });
        }
        if (step % 10 !== 9) continue;
        const truth = new Map(rows.map((x, i) => [x.seq, i]));
        const wrong: number[] = [];
        for (let q = -1; q <= seq + 2; q++) if (index.get(q) !== truth.get(q)) wrong.push(q);
        expect(wrong, `seed ${seed}, step ${step}`).toEqual([]);
      }
    }
  });

  it('knows nothing in an empty session', () => {
    expect(new SeqIndex([]).get(1)).toBeUndefined();
  });
});
