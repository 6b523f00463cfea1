/**
 * `auto` framing for a tap: the first bytes of a conversation tell which framing it uses. A header
 * block starts with a header name (`Content-Length:`), a newline-delimited message with `{` or `[`.
 * Leading whitespace says nothing; anything else (a banner) is left undecided so later bytes can tell.
 */
import type { Framing } from '../session/types';

export interface FramingChoice {
  framing: Framing;
  /** In plain words, for the meta entry that says what was chosen. */
  why: string;
}

const HEADER_START = /^[A-Za-z][A-Za-z0-9-]*:/;
/** Bytes looked at before giving up and defaulting. */
export const SNIFF_LIMIT = 64 * 1024;

/** The framing the bytes seen so far show, or null when they do not tell yet. */
export function sniffFraming(seen: string, side: string): FramingChoice | null {
  const text = seen.replace(/^[\s\uFEFF]+/, '');
  if (text.length === 0) return null;
  if (text[0] === '{' || text[0] === '[') return { framing: 'newline', why: `the ${side}'s first bytes are a JSON text (${JSON.stringify(text[0])})` };
  const line = text.split(/\r?\n/, 1)[0];
  if (HEADER_START.test(line)) {
    const name = line.slice(0, line.indexOf(':'));
    return { framing: 'content-length', why: `the ${side}'s first bytes are a header (${JSON.stringify(name.slice(0, 40))})` };
  }
  return null;
}
