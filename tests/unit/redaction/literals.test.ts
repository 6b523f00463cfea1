import { describe, expect, it } from 'vitest';
import { LiteralSet } from '../../../lib/redaction/literals';

/** The reference: every literal tried against the text, longest first (what the set does below its index size). */
function naive(secrets: string[], text: string, marker: string): string {
  let out = text;
  for (const s of [...secrets].sort((a, b) => b.length - a.length)) out = out.split(s).join(marker);
  return out;
}

function seeded(seed: number): () => number {
  let x = seed;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

describe('known secrets in recorded text', () => {
  it('with hundreds of secrets, every one is taken out, longest first, exactly as when each is tried in turn', () => {
    const rand = seeded(7);
    const alphabet = 'abcdef0123456789-_é€';
    const word = (n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
    // Secrets sharing prefixes and containing one another, as tokens and their longer forms do.
    const secrets: string[] = [];
    for (let i = 0; i < 150; i++) {
      const base = word(4 + Math.floor(rand() * 10));
      secrets.push(base);
      if (i % 3 === 0) secrets.push(base + word(3));
    }
    const set = new LiteralSet('<gone>');
    for (const s of [...new Set(secrets)]) set.add(s, 'secret-variable', 'variable X', 4);
    for (let round = 0; round < 40; round++) {
      const pieces: string[] = [];
      for (let k = 0; k < 30; k++) pieces.push(rand() < 0.3 ? secrets[Math.floor(rand() * secrets.length)] : word(1 + Math.floor(rand() * 12)));
      const text = pieces.join(rand() < 0.5 ? '' : ' ');
      let hits = 0;
      const out = set.replace(text, (_k, _l, n) => (hits += n));
      expect(out).toBe(naive([...new Set(secrets)].filter((s) => s.length >= 4), text, '<gone>'));
      if (out !== text) expect(hits).toBeGreaterThan(0);
    }
    // Text shorter than every secret, and text that is only a secret.
    expect(set.replace('ab', () => {})).toBe('ab');
    expect(set.replace(secrets[0], () => {})).toBe('<gone>');
  });
});
