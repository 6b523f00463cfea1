/** Text for the timeline's time and latency columns. */

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** Wall clock as HH:MM:SS.mmm in the viewer's local time zone. */
export function formatClock(epochMs: number): string {
  const d = new Date(epochMs);
  return `${pad(d.getHours(), 2)}:${pad(d.getMinutes(), 2)}:${pad(d.getSeconds(), 2)}.${pad(d.getMilliseconds(), 3)}`;
}

/** Time since the session started: +0.123 s, +12.500 s, +2:05.300 past a minute. */
export function formatSinceStart(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) ms = 0;
  const totalSec = ms / 1000;
  if (totalSec < 60) return `+${totalSec.toFixed(3)} s`;
  const min = Math.floor(totalSec / 60);
  const sec = totalSec - min * 60;
  return `+${min}:${sec.toFixed(3).padStart(6, '0')}`;
}

export function formatLatency(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1) return `${ms.toFixed(2)} ms`;
  if (ms < 100) return `${ms.toFixed(1)} ms`;
  if (ms < 10_000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Id exactly as written on the wire; falls back to JSON of the parsed id. */
export function idLabel(idText: string | undefined, id: unknown): string {
  if (idText !== undefined) return idText;
  if (id === undefined) return '';
  return JSON.stringify(id) ?? '';
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * Characters that change how text displays without showing themselves: bidi controls (a method
 * could display as a different one), zero-width characters, and C0/C1 controls other than tab and
 * line breaks (ESC starts terminal escapes). Each is shown as a visible `\u{…}` escape instead.
 */
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

function escapeChar(c: string): string {
  return `\\u{${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}}`;
}

/** Text as it may be shown: invisible and direction-changing characters made visible as escapes. */
export function visibleText(s: string): string {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(s) ? s.replace(INVISIBLE, escapeChar) : s;
}

/** ANSI terminal sequences: CSI (colours, cursor moves) and OSC (titles, links). */
const ANSI = /\u001B\[[0-?]*[ -/]*[@-~]|\u001B\][^\u0007\u001B]*(?:\u0007|\u001B\\)?/g;

/** A stderr line for display: terminal colour and cursor sequences removed, other controls made visible. */
export function stderrText(s: string): string {
  return visibleText(s.indexOf('\u001B') >= 0 ? s.replace(ANSI, '') : s);
}

/** The lossy decode of bytes that are not valid UTF-8 holds U+FFFD where they were: split there to badge them. */
export function splitReplacement(s: string): string[] {
  return s.indexOf('\uFFFD') >= 0 ? s.split(/(\uFFFD+)/) : [s];
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * When a JSON number as written is not what a reader using doubles (JavaScript's JSON.parse, most
 * JSON libraries) gets: an integer beyond 2^53, or a magnitude that overflows or underflows. The
 * tree shows the text exactly; this says what such peers read instead.
 */
export function numberNote(text: string): string | undefined {
  if (text.length > 400) return 'A number this long is read as a double, and rounded, by most JSON parsers.';
  const value = Number(text);
  if (!Number.isFinite(value)) return `Read as a double this is ${value > 0 ? 'Infinity' : '-Infinity'} (JSON.parse gives that; JSON.stringify then writes null).`;
  if (/^-?\d+$/.test(text)) {
    const big = BigInt(text);
    const abs = big < BigInt(0) ? -big : big;
    if (abs > MAX_SAFE && BigInt(value) !== big) return `An integer beyond 2^53: read as a double it becomes ${String(value)}.`;
    return undefined;
  }
  if (value === 0 && /[1-9]/.test(text.split(/[eE]/)[0])) return 'Read as a double this underflows to 0.';
  return undefined;
}
