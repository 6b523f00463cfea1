/**
 * Whether this code runs from the server build (scripts/build-server.mjs: server/ and the lib/ it
 * imports bundled once with esbuild into dist/server/<fingerprint>/, no keepNames) or from the
 * TypeScript sources through tsx (`rpcscope --dev`, vitest, `node --import tsx …`). The build
 * defines `__RPCSCOPE_BUILD_DIR__`; from source it is not defined at all.
 */
import { pathToFileURL } from 'node:url';
import path from 'node:path';

declare const __RPCSCOPE_BUILD_DIR__: string | undefined;

/** The build's folder, or undefined when running from source. */
export const BUILD_DIR: string | undefined = typeof __RPCSCOPE_BUILD_DIR__ === 'undefined' ? undefined : __RPCSCOPE_BUILD_DIR__;

/**
 * A worker thread's script. From source: `./NAME.mjs` beside the caller (a shim that registers tsx
 * and imports the worker's TypeScript module). In the build: that module bundled as `NAME.mjs` in
 * the build's folder — the build finds each worker by this call (its name is a literal) and its
 * shim, so a new worker needs no list anywhere.
 */
export function workerScript(name: string, besideUrl: string): URL {
  return BUILD_DIR ? pathToFileURL(path.join(BUILD_DIR, `${name}.mjs`)) : new URL(`./${name}.mjs`, besideUrl);
}
