// Types for scripts/build-server.mjs (plain JavaScript so bin/rpcscope.mjs can run it without tsx).
import type { BuildOptions, Metafile } from 'esbuild';

export const SERVER_ENTRIES: Record<'commands' | 'main' | 'export-viewer', string>;
export function sourceFiles(root?: string): string[];
export function sourceFingerprint(root?: string): string;
export function workerEntries(root?: string): Record<string, string>;
export function esbuildOptions(buildDir: string, root?: string): BuildOptions & { metafile: true };
export function checkInputs(metafile: Metafile): void;
export function serverBuild(opts?: { root?: string; log?: (line: string) => void }): Promise<string>;
export default function setup(): Promise<void>;
