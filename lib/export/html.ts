/**
 * The self-contained HTML export: one file, no network, opens from disk in any browser. The
 * session rides inside as JSON in a `<script type="application/json">` block with every `<`
 * written as `\u003c`, so no peer text can close the block or open a tag; the page shows it only
 * through the viewer's textContent calls. A strict CSP forbids every fetch, font and image.
 *
 * The viewer is browser code (viewer/, bundled at build time), so it cannot live in lib/: the
 * caller hands in its text (the server's EXPORT_ASSETS).
 */
import type { SessionFileV1 } from '../session/types';
import { describeTarget, isConnectableKind, launchCommandOf } from '../targets/registry';
import { HTML_VIEWER_STYLE } from './html-viewer-style';

export const HTML_EXPORT_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'";
import { HTML_DATA_ID, HTML_LIVE_ID, HTML_TARGET_LINE_ID, type ExportTargetFacts, type LiveViewConfig } from './html-ids';

export { HTML_DATA_ID, HTML_TARGET_LINE_ID };

/** A team server's page may also talk to its own origin (the live stream, comments), nothing else. */
const LIVE_CSP = `${HTML_EXPORT_CSP}; connect-src 'self'`;

/**
 * The target in one line, worded here by the target-kind registry: the viewer must not bundle the
 * kinds' zod schemas just to describe a target, and the app and the export keep one wording.
 */
function targetFacts(file: SessionFileV1): ExportTargetFacts {
  try {
    return { line: describeTarget(file.target), launch: launchCommandOf(file.target) !== undefined, observed: !isConnectableKind(file.target.kind) };
  } catch {
    return { line: '', launch: false }; // a kind this version does not know (a newer rpcscope wrote the file)
  }
}

/** JSON safe to place inside a script element (and valid JSON for JSON.parse once read back). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function buildHtmlExport(file: SessionFileV1, viewerScript: string, opts: { live?: LiveViewConfig } = {}): string {
  // The build refuses such a bundle already; a page whose script ends early would run peer text.
  if (/<\/script|<!--|<script/i.test(viewerScript)) throw new Error('the HTML export viewer cannot be inlined: it contains a script tag or comment opener');
  if (!viewerScript.trim()) throw new Error('the HTML export viewer is empty: rebuild it (npm run build)');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${opts.live ? LIVE_CSP : HTML_EXPORT_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="generator" content="rpcscope">',
    '<title>rpcscope session</title>',
    `<style>${HTML_VIEWER_STYLE}</style>`,
    '</head>',
    '<body>',
    '<noscript>This rpcscope export needs JavaScript to show its timeline. The session itself is in this file as JSON.</noscript>',
    `<script type="application/json" id="${HTML_DATA_ID}">${scriptSafeJson(file)}</script>`,
    `<script type="application/json" id="${HTML_TARGET_LINE_ID}">${scriptSafeJson(targetFacts(file))}</script>`,
    opts.live ? `<script type="application/json" id="${HTML_LIVE_ID}">${scriptSafeJson(opts.live)}</script>` : '',
    `<script>${viewerScript}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
