import { describe, expect, it } from 'vitest';
import { cursorContext, keysAt, valuesAt } from '@/lib/openrpc';
import { petstore } from './fixtures';

/** The text with `|` marking the cursor. */
const at = (marked: string) => cursorContext(marked.replace('|', ''), marked.indexOf('|'));

describe('where the cursor is in params being typed', () => {
  it('knows a member name is being typed at the top of an object', () => {
    expect(at('{ "pe|')).toMatchObject({ path: [], position: 'key', prefix: 'pe', from: 2, inString: true });
    expect(at('{ |')).toMatchObject({ path: [], position: 'key', prefix: '', inString: false });
    expect(at('{"a": 1, |')).toMatchObject({ path: [], position: 'key', present: ['a'] });
  });

  it('knows a value is being typed, and the member or position it belongs to', () => {
    expect(at('{"species": "d|')).toMatchObject({ path: ['species'], position: 'value', prefix: 'd', inString: true });
    expect(at('{"pet": {"kids": [1, {"na|')).toMatchObject({ path: ['pet', 'kids', 1], position: 'key', prefix: 'na' });
    expect(at('[1, tr|')).toMatchObject({ path: [1], position: 'value', prefix: 'tr', from: 4 });
  });

  it('is not confused by escaped quotes or closed containers', () => {
    expect(at('{"a": "x\\"y", "b": [1, 2], |')).toMatchObject({ path: [], position: 'key', present: ['a', 'b'] });
    expect(at('{}|')).toBeNull();
  });
});

describe('what the schema offers there', () => {
  const doc = petstore();
  it('offers the method’s param names with types and summaries, then nested members', () => {
    expect(keysAt(doc, doc.method('addPet')!, [])).toEqual([
      { name: 'name', detail: 'string', info: undefined, required: true },
      { name: 'species', detail: 'Species', info: undefined, required: true },
      { name: 'tag', detail: 'string', info: undefined, required: false },
    ]);
  });

  it('offers enum values through $ref', () => {
    expect(valuesAt(doc, doc.method('addPet')!, ['species'])).toEqual(['dog', 'cat', 'bird']);
    expect(valuesAt(doc, doc.method('add')!, [0])).toEqual([]);
  });
});
