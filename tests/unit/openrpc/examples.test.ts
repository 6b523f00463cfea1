import { describe, expect, it } from 'vitest';
import { checkParams, checkResult, generatedExample, OpenRpcDocument, paramsExamples, sampleFromSchema } from '@/lib/openrpc';
import { docWith, petstore } from './fixtures';

const doc = petstore();

describe('Insert example', () => {
  it('uses the method’s own examples first, paired with their result', () => {
    const [first] = paramsExamples(doc, doc.method('getPet')!);
    expect(first).toEqual({ params: { petId: 1 }, from: 'Rex', result: { id: 1, name: 'Rex', species: 'dog' } });
  });

  it('shapes a by-position example as an array', () => {
    expect(paramsExamples(doc, doc.method('add')!)[0]).toEqual({ params: [1, 2], from: 'one plus two', result: 3 });
  });

  it('generates params from the schema when there is no example, and they pass the method’s own checks', () => {
    for (const m of doc.methods) {
      const ex = generatedExample(doc, m);
      expect(ex.from).toBe('generated from the schema');
      expect(checkParams(doc, m, ex.params), m.name).toEqual([]);
      expect(checkResult(doc, m, ex.result), m.name).toEqual([]);
    }
    expect(generatedExample(doc, doc.method('addPet')!).params).toEqual({ name: 'string', species: 'dog', tag: 'string' });
  });
});

describe('the sample generator', () => {
  const root = { components: { schemas: { Node: { type: 'object', required: ['next'], properties: { next: { $ref: '#/components/schemas/Node' } } } } } };
  it.each([
    [{ type: 'string' }, 'string'],
    [{ type: 'string', format: 'email' }, 'user@example.com'],
    [{ type: 'string', minLength: 10 }, 'stringxxxx'],
    [{ type: 'integer', minimum: 5 }, 5],
    [{ type: 'integer', exclusiveMinimum: 5 }, 6],
    [{ type: 'number', maximum: -3 }, -3],
    [{ type: 'boolean' }, false],
    [{ type: ['null', 'string'] }, 'string'],
    [{ enum: ['b', 'a'] }, 'b'],
    [{ const: 42 }, 42],
    [{ type: 'string', default: 'dflt' }, 'dflt'],
    [{ type: 'array', items: { type: 'integer' } }, [0]],
    [{ type: 'object', required: ['a'], properties: { a: { type: 'string' }, b: { type: 'integer' } } }, { a: 'string' }],
    [{ allOf: [{ type: 'object', required: ['a'], properties: { a: { const: 1 } } }, { type: 'object', required: ['b'], properties: { b: { const: 2 } } }] }, { a: 1, b: 2 }],
    [{ oneOf: [{ type: 'null' }, { type: 'integer' }] }, 0],
  ])('%j → %j', (schema, expected) => {
    expect(sampleFromSchema(schema, {})).toEqual(expected);
  });

  it('stops at a recursive reference instead of looping', () => {
    expect(sampleFromSchema({ $ref: '#/components/schemas/Node' }, root)).toEqual({ next: null });
  });

  it('leaves out a trailing optional param of a by-position method that has an example for the others', () => {
    const d = OpenRpcDocument.load(
      docWith([{ name: 'm', paramStructure: 'by-position', params: [{ name: 'a', schema: { type: 'integer' } }, { name: 'b', schema: { type: 'integer' } }], examples: [{ name: 'only a', params: [{ name: 'a', value: 7 }] }] }]),
    );
    expect(paramsExamples(d, d.method('m')!)[0].params).toEqual([7]);
  });
});
