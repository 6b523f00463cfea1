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
