import { describe, expect, it } from 'vitest';
import { checkParams, checkResult, OpenRpcDocument } from '@/lib/openrpc';
import { docWith, petstore } from './fixtures';

const doc = petstore();
const m = (name: string) => doc.method(name)!;

describe('params follow paramStructure', () => {
  it('by-name: an object passes, an array is refused with the expected shape', () => {
    expect(checkParams(doc, m('getPet'), { petId: 1 })).toEqual([]);
    expect(checkParams(doc, m('getPet'), [1])).toEqual([
      { path: 'params', message: 'getPet takes its params by name: send an object such as {"petId": …}, not an array' },
    ]);
  });

  it('by-position: an array passes, an object is refused', () => {
    expect(checkParams(doc, m('add'), [1, 2])).toEqual([]);
    expect(checkParams(doc, m('add'), { a: 1, b: 2 })).toEqual([
      { path: 'params', message: 'add takes its params by position: send an array such as [<a>, <b>], not an object' },
    ]);
  });

  it('either: both shapes are checked against the same schemas', () => {
    expect(checkParams(doc, m('listPets'), { limit: 5 })).toEqual([]);
    expect(checkParams(doc, m('listPets'), [5])).toEqual([]);
    expect(checkParams(doc, m('listPets'), { limit: 0 })).toEqual([{ path: 'params.limit', message: 'must be >= 1 (it is the integer 0)' }]);
    expect(checkParams(doc, m('listPets'), [500])).toEqual([{ path: 'params[0] (limit)', message: 'must be <= 100 (it is the integer 500)' }]);
    expect(checkParams(doc, m('listPets'), undefined)).toEqual([]);
  });

  it('names required params that are missing, by name or by position', () => {
    expect(checkParams(doc, m('getPet'), {})).toEqual([{ path: 'params.petId', message: 'is required by getPet but missing' }]);
    expect(checkParams(doc, m('getPet'), undefined)).toEqual([{ path: 'params.petId', message: 'is required by getPet but missing' }]);
    expect(checkParams(doc, m('add'), [1])).toEqual([{ path: 'params[1] (b)', message: 'is required by add but missing' }]);
  });

  it('names params the method does not take, and extra positions', () => {
    expect(checkParams(doc, m('getPet'), { petId: 1, colour: 'red' })).toEqual([
      { path: 'params.colour', message: 'getPet has no param named "colour" (it takes "petId")' },
    ]);
    expect(checkParams(doc, m('add'), [1, 2, 3])).toEqual([{ path: 'params', message: 'has 3 items, but add takes at most 2' }]);
  });

  it('checks each value against its JSON Schema, following $ref into components', () => {
    expect(checkParams(doc, m('getPet'), { petId: 'seven' })).toEqual([{ path: 'params.petId', message: 'must be an integer (it is the string "seven")' }]);
    expect(checkParams(doc, m('addPet'), { name: '', species: 'fish' })).toEqual([
      { path: 'params.name', message: 'must not be empty' },
      { path: 'params.species', message: 'must be one of "dog", "cat", "bird" (it is the string "fish")' },
    ]);
  });

  it('refuses params that are neither object nor array', () => {
    expect(checkParams(doc, m('getPet'), 'x')).toEqual([{ path: 'params', message: 'must be an object or an array (it is the string "x")' }]);
  });

  it('reports nested paths inside an object param', () => {
    const d = OpenRpcDocument.load(
      docWith([{ name: 'save', paramStructure: 'by-name', params: [{ name: 'pet', required: true, schema: { $ref: '#/components/schemas/Pet' } }] }], {
        components: { schemas: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } } } },
      }),
    );
    expect(checkParams(d, d.method('save')!, { pet: { name: 'a', kids: [{ name: 3 }, {}] } })).toEqual([
      { path: 'params.pet.kids[0].name', message: 'must be a string (it is the integer 3)' },
      { path: 'params.pet.kids[1]', message: 'is missing "name"' },
    ]);
  });
});

describe('results against the result schema', () => {
  it('passes a fitting result and explains one that does not fit', () => {
    expect(checkResult(doc, m('getPet'), { id: 1, name: 'Rex', species: 'dog' })).toEqual([]);
    expect(checkResult(doc, m('countPets'), '2')).toEqual([{ path: 'result', message: 'must be an integer (it is the string "2")' }]);
    expect(checkResult(doc, m('listPets'), [{ id: 1, name: 'Rex' }])).toEqual([{ path: 'result[0]', message: 'is missing "species"' }]);
  });
});
