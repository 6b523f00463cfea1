/**
 * A download's file name from a user's label. Names are labels, never paths: everything but
 * letters, digits, `.`, `-` and `_` becomes `-`, leading dots go (no hidden files, no `..`), Windows
 * device names (CON, NUL, COM1 …) get a suffix, and the result is clipped.
 */
const DEVICE = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;
const MAX_STEM = 80;

export function safeFileName(label: string, ext: string, fallback = 'rpcscope'): string {
  let stem = (typeof label === 'string' ? label : '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/[.-]+$/, '')
    .slice(0, MAX_STEM)
    .replace(/[.-]+$/, '');
  if (!stem) stem = fallback;
  if (DEVICE.test(stem.split('.')[0])) stem = `${stem}-file`;
  return `${stem}.${ext.replace(/[^A-Za-z0-9.-]/g, '')}`;
}

/** A Content-Disposition value for that name (ASCII only, so no encoding questions). */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\]/g, '')}"`;
}
