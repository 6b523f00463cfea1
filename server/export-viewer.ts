/**
 * The HTML export's viewer bundle (viewer/, built by scripts/build-viewer.ts) as the server hands
 * it to lib/export. Read from disk and kept until the file changes, so a rebuild during
 * `npm run dev` is picked up by the next export. Missing, it is a clear error for that request
 * (the export answers 500 with this message), never a page without its viewer.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './project-root';
import type { ExportAssets } from '../lib/export/formats';

// Found by walking up, so it is the same from the sources and from the build (dist/server/…).
const ROOT = projectRoot();

/** Where the build writes the bundle; the one place that names it. */
export const VIEWER_BUNDLE_PATH = path.join(ROOT, 'dist', 'export-viewer.js');
/** The same viewer with live following and comments, for the team server's `/t/<id>` (viewer/team-main.ts). */
export const TEAM_VIEWER_BUNDLE_PATH = path.join(ROOT, 'dist', 'team-viewer.js');

let cached: { file: string; mtimeMs: number; size: number; text: string } | undefined;

export function viewerScript(file = VIEWER_BUNDLE_PATH): string {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    throw new Error(
      `The HTML export's viewer is not built (${path.relative(ROOT, file)} is missing): run \`npm run build\` (or \`node --import tsx scripts/build-viewer.ts\`) and export again.`,
    );
  }
  if (!cached || cached.file !== file || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
    cached = { file, mtimeMs: stat.mtimeMs, size: stat.size, text: readFileSync(file, 'utf8') };
  }
  return cached.text;
}

export const EXPORT_ASSETS: ExportAssets = { viewerScript: () => viewerScript() };
