import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Store } from '@/server/store';

/** A fresh data directory per test, and every store opened in it closed and removed afterwards. */
export function tempStores() {
  const dirs: string[] = [];
  const stores: Store[] = [];
  return {
    dir(): string {
      const d = mkdtempSync(join(tmpdir(), 'rpcscope-store-'));
      dirs.push(d);
      return d;
    },
    open(dir: string): Store {
      const s = new Store({ dir });
      stores.push(s);
      return s;
    },
    cleanup(): void {
      for (const s of stores.splice(0)) s.close();
      for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    },
  };
}
