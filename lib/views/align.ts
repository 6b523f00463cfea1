/**
 * Aligning two sequences by a key (the session diff aligns method sequences): Myers' O((N+M)·D)
 * shortest edit script, after trimming the common head and tail. Two sessions that mostly agree
 * cost little; past `maxEdits` differences the middle is reported as removed-then-added rather
 * than aligned, so a diff of two unrelated 50k-entry sessions cannot stall the page.
 */

export type AlignOp =
  | { op: 'same'; a: number; b: number }
  /** Only in the first sequence (missing from the second). */
  | { op: 'removed'; a: number }
  /** Only in the second sequence (extra). */
  | { op: 'added'; b: number };

export interface Alignment {
  ops: AlignOp[];
  /** True when more than maxEdits differences were found and the middle was not aligned. */
  gaveUp: boolean;
}

export function align(a: readonly string[], b: readonly string[], maxEdits = 2000): Alignment {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops: AlignOp[] = [];
  for (let i = 0; i < head; i++) ops.push({ op: 'same', a: i, b: i });
  const mid = middle(a, b, head, a.length - tail, head, b.length - tail, maxEdits);
  ops.push(...(mid ?? giveUp(head, a.length - tail, head, b.length - tail)));
  for (let k = tail; k > 0; k--) ops.push({ op: 'same', a: a.length - k, b: b.length - k });
  return { ops, gaveUp: mid === null };
}

function giveUp(a0: number, a1: number, b0: number, b1: number): AlignOp[] {
  const out: AlignOp[] = [];
  for (let i = a0; i < a1; i++) out.push({ op: 'removed', a: i });
  for (let j = b0; j < b1; j++) out.push({ op: 'added', b: j });
  return out;
}

/** Myers on a[a0..a1) × b[b0..b1); null past maxEdits. */
function middle(a: readonly string[], b: readonly string[], a0: number, a1: number, b0: number, b1: number, maxEdits: number): AlignOp[] | null {
  const n = a1 - a0;
  const m = b1 - b0;
  if (n === 0 || m === 0) return giveUp(a0, a1, b0, b1);
  const max = Math.min(n + m, maxEdits);
  const offset = max + 1;
  // v[k + offset] = furthest x on diagonal k; a copy per step d lets us walk back.
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    const next = v.slice();
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, d, n, m, a0, b0);
    }
    v = next;
  }
  return null;
}

function backtrack(trace: Int32Array[], dEnd: number, n: number, m: number, a0: number, b0: number): AlignOp[] {
  const out: AlignOp[] = [];
  let x = n;
  let y = m;
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d]; // diagonals -d-1 … d+1 as they were before step d
    const at = (k: number) => v[k + d + 1];
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) out.push({ op: 'same', a: a0 + --x, b: b0 + --y });
    if (prevK === k + 1) out.push({ op: 'added', b: b0 + --y });
    else out.push({ op: 'removed', a: a0 + --x });
  }
  while (x > 0 && y > 0) out.push({ op: 'same', a: a0 + --x, b: b0 + --y });
  return out.reverse();
}
