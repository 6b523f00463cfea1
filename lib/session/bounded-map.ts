/**
 * A Map that keeps at most `cap` entries, forgetting the oldest (by last set) when a new one would
 * pass the cap: what the pipeline's per-session tables use so a peer that never answers cannot
 * grow them without end.
 *
 * Why not `map.delete(map.keys().next().value)`: V8 leaves a deleted entry's slot in place at the
 * front of the table until it rehashes, so a fresh iterator steps over every slot freed since — at
 * a steady cap of 10k, ~13 µs per new entry instead of ~0.5 (measured; bench/README.md, issue 11).
 * One iterator kept across calls stays at the oldest entry: a Map iterator is live by the language's
 * rules (it skips entries deleted after it was made and reaches entries added after), so each slot is
 * stepped over once. It is remade only when it has run to the end (then the map was emptied).
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  private oldest: Iterator<K> = this.map.keys();

  constructor(private readonly cap: number) {}

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  /** Sets `key` as the newest entry (an existing one moves to the end), forgetting the oldest past the cap. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.cap) {
      let next = this.oldest.next();
      if (next.done) {
        this.oldest = this.map.keys();
        next = this.oldest.next();
      }
      this.map.delete(next.value as K);
    }
  }

  /** Removes and returns the entry under `key`. */
  take(key: K): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) this.map.delete(key);
    return v;
  }
}
