import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder: the nearest ancestor of this code whose package.json is rpcscope's. Found by
 * walking up rather than by a fixed `..` so it is the same from server/ (tsx) and from the bundled
 * build in dist/server/<fingerprint>/ (scripts/build-server.mjs).
 */
export function projectRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: unknown }).name === 'rpcscope') return dir;
      } catch {
        // An unreadable package.json is not ours; keep walking up.
      }
    }
    if (dirname(dir) === dir) return resolve(here, '..');
  }
}
