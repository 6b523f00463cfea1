/**
 * Every export format, once: what the export dialog offers, what `format=` accepts, the file name
 * and content type of the download, and how it is built. Adding a format is one builder file plus
 * one entry here; the route, its validation and the dialog are derived from this record.
 */
import { z } from 'zod';
import { serializeSessionFile } from '../session/file-format';
import type { SessionFileV1, TargetSpec } from '../session/types';
import { isHttpTarget } from '../targets/http';
import { buildHar } from './har';
import { HTML_EXPORT_CSP, buildHtmlExport } from './html';
import { buildNdjson } from './ndjson';
import { buildSequenceSvg } from './svg';

/**
 * What a builder may need that lib/ cannot hold: the HTML viewer is DOM code bundled at build
 * time (viewer/), so the server hands its text in (server/export-viewer.ts). Throws with a clear
 * message when the bundle is missing.
 */
export interface ExportAssets {
  viewerScript(): string;
}

export type ExportBuild = { ok: true; body: string } | { ok: false; error: string };

export interface ExportFormat {
  label: string;
  /** One line for the dialog: what the file is for. */
  hint: string;
  /** Appended to the session's name for the download (no leading dot). */
  extension: string;
  contentType: string;
  /** Takes the redaction pass and its options (kinds, JSON paths) before it is built. */
  redaction: boolean;
  /** Headers the download carries besides the usual ones. */
  headers?: Readonly<Record<string, string>>;
  /** Why this format does not fit a session with that target, or null when it does. */
  unavailable?(target: Pick<TargetSpec, 'kind'>): string | null;
  build(file: SessionFileV1, assets: ExportAssets): ExportBuild;
}

const ok = (body: string): ExportBuild => ({ ok: true, body });

export const EXPORT_FORMATS = {
  session: {
    label: 'Session file',
    hint: 'rpcscope session file, version 1: import it into any rpcscope',
    extension: 'rpcscope-session.json',
    contentType: 'application/json; charset=utf-8',
    redaction: true,
    build: (file) => ok(serializeSessionFile(file)),
  },
  html: {
    label: 'HTML page',
    hint: 'one self-contained file: timeline, filters and inspector, opens from disk with no network',
    extension: 'rpcscope.html',
    contentType: 'text/html; charset=utf-8',
    redaction: true,
    headers: { 'content-security-policy': HTML_EXPORT_CSP },
    build: (file, assets) => ok(buildHtmlExport(file, assets.viewerScript())),
  },
  har: {
    label: 'HAR',
    hint: 'HTTP Archive 1.2 for browser devtools and API clients (HTTP sessions only)',
    extension: 'har',
    contentType: 'application/json; charset=utf-8',
    redaction: true,
    unavailable: (target) => (isHttpTarget(target) ? null : 'only for HTTP sessions'),
    build: (file) => {
      const har = buildHar(file);
      return har.ok ? ok(JSON.stringify(har.har, null, 2) + '\n') : har;
    },
  },
  ndjson: {
    label: 'NDJSON',
    hint: 'one JSON event per line, as in the session file: for jq, grep and log tools',
    extension: 'rpcscope-events.ndjson',
    contentType: 'application/x-ndjson; charset=utf-8',
    redaction: true,
    build: (file) => ok(buildNdjson(file)),
  },
  svg: {
    label: 'SVG sequence diagram',
    hint: 'the sequence diagram as one image, for a bug report or a document (the first 5,000 entries)',
    extension: 'sequence.svg',
    contentType: 'image/svg+xml; charset=utf-8',
    redaction: true,
    build: (file) => ok(buildSequenceSvg(file)),
  },
} as const satisfies Record<string, ExportFormat>;

export type ExportFormatId = keyof typeof EXPORT_FORMATS;

/** In the record's order: the dialog lists them so. */
export const EXPORT_FORMAT_IDS = Object.keys(EXPORT_FORMATS) as [ExportFormatId, ...ExportFormatId[]];

export const DEFAULT_EXPORT_FORMAT: ExportFormatId = 'session';

export const ExportFormatSchema = z.enum(EXPORT_FORMAT_IDS, {
  error: () => `format must be one of ${EXPORT_FORMAT_IDS.join(', ')}`,
});

export function exportFormat(id: ExportFormatId): ExportFormat {
  return EXPORT_FORMATS[id];
}
