/**
 * seq → position in a session's rows, without a Map entry per row (issue 11: page memory per
 * entry). The rows are kept in seq order and a session's seqs are dense (1, 2, 3 …), so the
 * position is `seq - first` almost always; when the guess misses (a gap, an out-of-order
 * insert) a binary search over the rows' own seqs finds it. Zero bytes per entry; the rows
 * array may grow or be spliced in place between calls.
 */

/** What readers of positions by seq need (a ReadonlyMap<number, number> fits too). */
export interface SeqPositions {
  get(seq: number): number | undefined;
}

export class SeqIndex implements SeqPositions {
  constructor(private readonly rows: readonly { readonly seq: number }[]) {}

  get(seq: number): number | undefined {
    const rows = this.rows;
    const n = rows.length;
    if (n === 0) return undefined;
    const guess = seq - rows[0].seq;
    if (guess >= 0 && guess < n && rows[guess].seq === seq) return guess;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows[mid].seq < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo < n && rows[lo].seq === seq ? lo : undefined;
  }
}
