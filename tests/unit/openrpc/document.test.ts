import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, OpenRpcDocument, parseDocumentText, validateAgainstMetaSchema } from '@/lib/openrpc';
import { docWith, petstore, petstoreValue } from './fixtures';

describe('a document is checked against the OpenRPC meta-schema', () => {
  it('accepts the fixture document without a single problem', () => {
    const doc = petstore().compileAll();
    expect(doc.problems).toEqual([]);
    expect(doc.title).toBe('Petstore');
    expect(doc.version).toBe('1.0.0');
    expect(doc.openrpc).toBe('1.3.2');
  });

  it('names a misspelt schema type by method and param, with the allowed values', () => {
    const problems = validateAgainstMetaSchema(docWith([{ name: 'getPet', params: [{ name: 'petId', schema: { type: 'integr' } }] }]));
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('methods[0] (getPet).params[0] (petId).schema.type');
    expect(problems[0].message).toMatch(/must be one of .*"integer".* \(it is the string "integr"\)/);
  });

  it('says what is missing and what is not allowed, in plain words, without oneOf noise', () => {
    const value = petstoreValue();
    delete (value.info as Record<string, unknown>).version;
    (value.methods as Record<string, unknown>[])[1].paramStructure = 'named';
    (value.methods as Record<string, unknown>[])[2].colour = 'blue';
    const problems = OpenRpcDocument.load(value).problems;
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      'info: is missing "version"',
      'methods[1] (addPet).paramStructure: must be one of "by-position", "by-name", "either" (it is the string "named")',
      'methods[2] (listPets): has "colour", which is not allowed here',
    ]);
    expect(problems.every((p) => !/oneOf|\$ref/.test(p.message))).toBe(true);
  });

  it('reports an unknown OpenRPC version and a document that is not an object', () => {
    expect(validateAgainstMetaSchema({ ...docWith([]), openrpc: '9.9.9' })[0]).toMatchObject({ path: 'openrpc', message: expect.stringMatching(/must be one of "1\.3\.2"/) });
    expect(validateAgainstMetaSchema('hello')).toEqual([{ path: 'the document', message: 'must be an object (it is the string "hello")', severity: 'error' }]);
  });

  it('keeps using what it can from a document with problems', () => {
    const doc = OpenRpcDocument.load({ openrpc: '1.2.6', methods: [{ name: 'ping', params: [] }] });
    expect(doc.problems.some((p) => p.path === 'the document' && /"info"/.test(p.message))).toBe(true);
    expect(doc.method('ping')).toBeDefined();
    expect(doc.title).toBe('Untitled OpenRPC document');
  });
});

describe('references inside the document are followed', () => {
  it('resolves #/components/contentDescriptors and #/components/errors for the method index', () => {
    const m = petstore().method('getPet')!;
    expect(m.params).toMatchObject([{ name: 'petId', required: true, schema: { type: 'integer', minimum: 1 }, schemaPointer: '/components/contentDescriptors/PetId/schema' }]);
    expect(m.errors).toMatchObject([{ code: 1001, message: 'Pet not found', dataSchemaPointer: '/components/errors/PetNotFound/data' }]);
    expect(m.result?.name).toBe('pet');
    expect(m.examples[0]).toMatchObject({ name: 'Rex', params: [{ name: 'petId', value: 1 }] });
  });

  it('reports a reference to nothing, a reference loop and a reference outside the document', () => {
    const doc = OpenRpcDocument.load(
      docWith([
        { name: 'a', params: [{ $ref: '#/components/contentDescriptors/Nope' }] },
        { $ref: '#/components/x/loop1' },
        { name: 'c', params: [{ $ref: 'https://example.com/other.json#/Thing' }] },
      ], { components: { x: { loop1: { $ref: '#/components/x/loop2' }, loop2: { $ref: '#/components/x/loop1' } } } }),
    );
    const text = doc.problems.map((p) => `${p.path}: ${p.message}`).join('\n');
    expect(text).toContain('methods[0] (a).params[0]: "#/components/contentDescriptors/Nope" points to nothing in this document');
    expect(text).toMatch(/methods\[1\]: .*refers back to itself/);
    expect(text).toContain('points outside this document');
    expect(doc.method('a')?.params).toEqual([]);
  });

  it('reports a method name used twice and keeps the first', () => {
    const doc = OpenRpcDocument.load(docWith([{ name: 'ping', summary: 'first', params: [] }, { name: 'ping', summary: 'second', params: [] }]));
    expect(doc.method('ping')?.summary).toBe('first');
    expect(doc.problems).toContainEqual(expect.objectContaining({ path: 'methods[1] (ping)', message: expect.stringMatching(/repeats the method name "ping"/) }));
  });

  it('reports a schema that cannot be compiled instead of throwing', () => {
    const doc = OpenRpcDocument.load(docWith([{ name: 'p', params: [{ name: 'x', schema: { $ref: '#/components/schemas/Missing' } }] }])).compileAll();
    expect(doc.problems).toContainEqual(expect.objectContaining({ path: 'method p, param x', message: expect.stringMatching(/^has a schema that cannot be used for checks \(they are skipped\): /) }));
  });
});

describe('document text', () => {
  it('parses JSON (with a BOM) and explains text that is not JSON', () => {
    expect(parseDocumentText('\ufeff{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    const bad = parseDocumentText('{"openrpc": ');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error).toMatch(/^the document is not JSON: /);
    expect(parseDocumentText('  ')).toEqual({ ok: false, error: 'the document is empty' });
  });

  it('refuses a document over 5 MiB', () => {
    const r = parseDocumentText(`"${'x'.repeat(MAX_DOCUMENT_BYTES)}"`);
    expect(r).toEqual({ ok: false, error: 'the document is larger than 5 MiB' });
  });

  it('gives the same content the same id, and different content another', () => {
    expect(petstore().id).toBe(petstore().id);
    const other = petstoreValue();
    (other.info as Record<string, unknown>).version = '1.0.1';
    expect(OpenRpcDocument.load(other).id).not.toBe(petstore().id);
  });
});
