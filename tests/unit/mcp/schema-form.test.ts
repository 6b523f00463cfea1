/**
 * A tool's inputSchema (or an elicitation's requestedSchema) as a form: which fields show, what
 * they start with, and the arguments the filled form sends — or what the user must fix.
 */
import { describe, expect, it } from 'vitest';
import { formToValue, initialValue, schemaToForm, type FormNode, type FormValue } from '@/lib/mcp/schema-form';

// The shapes @modelcontextprotocol/server-everything's tools publish (zod → JSON Schema).
const longRunning = {
  type: 'object',
  properties: {
    duration: { type: 'number', default: 10, description: 'Duration of the operation in seconds' },
    steps: { type: 'number', default: 5, description: 'Number of steps in the operation' },
  },
};
const echo = { type: 'object', properties: { message: { type: 'string', description: 'Message to echo' } }, required: ['message'] };

describe('a form from a schema', () => {
  it('shows each property with its description and default, in order', () => {
    const form = schemaToForm(longRunning);
    expect(form.type).toBe('object');
    if (form.type !== 'object') return;
    expect(form.fields.map((f) => [f.key, f.type, f.description, f.required])).toEqual([
      ['duration', 'number', 'Duration of the operation in seconds', false],
      ['steps', 'number', 'Number of steps in the operation', false],
    ]);
    expect(initialValue(form)).toEqual({ duration: '10', steps: '5' });
  });

  it('sends the defaults as numbers when the form is left as it is', () => {
    const form = schemaToForm(longRunning);
    expect(formToValue(form, initialValue(form))).toEqual({ ok: true, value: { duration: 10, steps: 5 } });
  });

  it('a required field left empty is named; filled, it is sent as typed', () => {
    const form = schemaToForm(echo);
    expect(formToValue(form, initialValue(form))).toEqual({ ok: false, errors: [{ path: 'message', message: 'message is required' }] });
    expect(formToValue(form, { message: 'hello' })).toEqual({ ok: true, value: { message: 'hello' } });
  });

  it('numbers are checked: not a number, not whole, out of range', () => {
    const form = schemaToForm({ type: 'object', properties: { n: { type: 'integer', minimum: 1, maximum: 9 } }, required: ['n'] });
    const errs = (v: string) => { const r = formToValue(form, { n: v }); return r.ok ? [] : r.errors.map((e) => e.message); };
    expect(errs('abc')).toEqual(['"abc" is not a number']);
    expect(errs('2.5')).toEqual(['2.5 is not a whole number']);
    expect(errs('0')).toEqual(['at least 1']);
    expect(errs('10')).toEqual(['at most 9']);
    expect(formToValue(form, { n: ' 3 ' })).toEqual({ ok: true, value: { n: 3 } });
  });

  it('enums keep their values and types; titled oneOf choices show their titles', () => {
    const form = schemaToForm({
      type: 'object',
      properties: {
        level: { type: 'string', enum: ['debug', 'info'] },
        size: { oneOf: [{ const: 1, title: 'Small' }, { const: 2, title: 'Large' }] },
      },
    });
    if (form.type !== 'object') throw new Error('object form');
    const size = form.fields[1] as Extract<FormNode, { type: 'enum' }>;
    expect(size.options).toEqual([{ value: 1, label: 'Small' }, { value: 2, label: 'Large' }]);
    expect(formToValue(form, { level: '"info"', size: '2' })).toEqual({ ok: true, value: { level: 'info', size: 2 } });
    expect(formToValue(form, { level: '', size: '' })).toEqual({ ok: true, value: {} });
  });

  it('an optional unticked boolean is left out; a ticked one, or one with a default, is sent', () => {
    const form = schemaToForm({ type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'boolean', default: true } } });
    expect(formToValue(form, initialValue(form))).toEqual({ ok: true, value: { b: true } });
    expect(formToValue(form, { a: true, b: false })).toEqual({ ok: true, value: { a: true, b: false } });
  });

  it('nested objects and arrays of items are built, and errors name the path', () => {
    const form = schemaToForm({
      type: 'object',
      properties: { config: { type: 'object', properties: { depth: { type: 'integer' } } }, tags: { type: 'array', items: { type: 'string' } } },
    });
    const value: FormValue = { config: { depth: '2' }, tags: ['a', 'b'] };
    expect(formToValue(form, value)).toEqual({ ok: true, value: { config: { depth: 2 }, tags: ['a', 'b'] } });
    expect(formToValue(form, { config: { depth: 'x' }, tags: ['a', ''] })).toEqual({
      ok: false,
      errors: [{ path: 'config.depth', message: '"x" is not a number' }, { path: 'tags[1]', message: 'value is required' }],
    });
    expect(formToValue(form, initialValue(form))).toEqual({ ok: true, value: {} });
  });

  it('what it cannot draw (oneOf of objects, type lists) becomes a JSON box, so no schema is refused', () => {
    const form = schemaToForm({ type: 'object', properties: { any: { type: ['string', 'null'] }, pick: { oneOf: [{ type: 'object' }] } } });
    if (form.type !== 'object') throw new Error('object form');
    expect(form.fields.map((f) => f.type)).toEqual(['json', 'json']);
    expect(formToValue(form, { any: 'null', pick: '{"a":1}' })).toEqual({ ok: true, value: { any: null, pick: { a: 1 } } });
    expect(formToValue(form, { any: '{', pick: '' })).toMatchObject({ ok: false, errors: [{ path: 'any' }] });
  });

  it('a schema too deep or too wide is cut off into JSON boxes instead of drawn forever', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 20; i++) deep = { type: 'object', properties: { x: deep } };
    let node = schemaToForm(deep);
    let depth = 0;
    while (node.type === 'object') { node = node.fields[0]; depth++; }
    expect(node.type).toBe('json');
    expect(depth).toBeLessThanOrEqual(8);
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, { type: 'string' }])) };
    const w = schemaToForm(wide);
    expect(w.type === 'object' && w.fields.length).toBeLessThan(201);
  });

  it('a missing or empty inputSchema is a form with no fields that sends {}', () => {
    for (const schema of [undefined, { type: 'object' }, { type: 'object', properties: {} }]) {
      const form = schemaToForm(schema ?? { type: 'object' });
      expect(formToValue(form, initialValue(form))).toEqual({ ok: true, value: {} });
    }
  });
});
