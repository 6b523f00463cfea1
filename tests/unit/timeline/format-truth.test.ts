import { describe, expect, it } from 'vitest';
import { numberNote, splitReplacement, stderrText, visibleText } from '@/lib/timeline/format';

describe('what is shown cannot lie about itself', () => {
  it('a method with a bidi override is shown with the override as a visible escape, so it cannot pass for another', () => {
    // "tools/\u202Ellac" displays as "tools/call" reversed-looking; shown, it is plainly different.
    expect(visibleText('tools/\u202Ellac')).toBe('tools/\\u{202E}llac');
    expect(visibleText('initialize\u200B')).toBe('initialize\\u{200B}');
    expect(visibleText('a\u2066b\u2069c\uFEFF')).toBe('a\\u{2066}b\\u{2069}c\\u{FEFF}');
  });

  it('ordinary text, including non-Latin scripts, emoji, tabs and line breaks, is left as is', () => {
    for (const s of ['textDocument/didOpen', 'café 😀', 'مرحبا', 'a\tb\nc', '']) expect(visibleText(s)).toBe(s);
  });

  it('ANSI colours in stderr are stripped, and a bare ESC is shown as an escape', () => {
    expect(stderrText('\u001B[31merror\u001B[0m: boom')).toBe('error: boom');
    expect(stderrText('\u001B]0;title\u0007ready')).toBe('ready');
    expect(stderrText('x\u001By')).toBe('x\\u{001B}y');
  });

  it('U+FFFD from a lossy decode is split out so it can carry a badge', () => {
    expect(splitReplacement('{\uFFFD\uFFFD}')).toEqual(['{', '\uFFFD\uFFFD', '}']);
    expect(splitReplacement('plain')).toEqual(['plain']);
  });

  it('numbers a double cannot hold carry a note; ordinary ones do not', () => {
    expect(numberNote('12345678901234567890')).toMatch(/beyond 2\^53: read as a double it becomes 12345678901234567000/);
    expect(numberNote('1e400')).toMatch(/Infinity/);
    expect(numberNote('-1e400')).toMatch(/-Infinity/);
    expect(numberNote('1e-400')).toMatch(/underflows to 0/);
    for (const n of ['0', '-0', '42', '9007199254740991', '9007199254740992', '1.5', '1e2', '0.0', '3.14159']) expect(numberNote(n), n).toBeUndefined();
  });
});
