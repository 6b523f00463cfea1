/**
 * "Insert example": params (and the result to expect) from the method's `examples`, or generated
 * from its param schemas, shaped the way the method takes them — an object by name, an array by
 * position (`either` gets an object: names say more than positions).
 */
import type { OpenRpcDocument } from './document';
import { sampleFromSchema } from './sample';
import type { MethodInfo } from './types';

export interface ParamsExample {
  /** The params value to send: an object or an array. */
  params: Record<string, unknown> | unknown[];
  /** Where it came from: the example's name, or "generated from the schema". */
  from: string;
  /** The result the example pairs with, when it gives one. */
  result?: unknown;
}

/** Every example the method declares, then one generated from the schema. */
export function paramsExamples(doc: OpenRpcDocument, method: MethodInfo): ParamsExample[] {
  const out: ParamsExample[] = [];
  for (const ex of method.examples) {
    const values = method.params.map((p, i) => {
      const byName = ex.params.find((v) => v.name === p.name);
      return byName ?? (ex.params.length === method.params.length ? ex.params[i] : undefined);
    });
    const item: ParamsExample = { params: shape(method, values.map((v) => (v ? { has: true, value: v.value } : { has: false, value: undefined }))), from: ex.name };
    if (ex.result) item.result = ex.result.value;
    out.push(item);
  }
  out.push(generatedExample(doc, method));
  return out;
}

/** Params built from the schemas: every param, each a value its schema accepts. */
export function generatedExample(doc: OpenRpcDocument, method: MethodInfo): ParamsExample {
  const values = method.params.map((p) => ({ has: true, value: sampleFromSchema(p.schema, doc.raw) }));
  const out: ParamsExample = { params: shape(method, values), from: 'generated from the schema' };
  if (method.result) out.result = sampleFromSchema(method.result.schema, doc.raw);
  return out;
}

function shape(method: MethodInfo, values: { has: boolean; value: unknown }[]): Record<string, unknown> | unknown[] {
  if (method.paramStructure === 'by-position') {
    // Trailing params without a value are left out; a gap before a later value is filled with null.
    let last = values.length - 1;
    while (last >= 0 && !values[last].has) last--;
    return values.slice(0, last + 1).map((v) => (v.has ? v.value : null));
  }
  const obj: Record<string, unknown> = {};
  method.params.forEach((p, i) => {
    if (values[i].has) obj[p.name] = values[i].value;
  });
  return obj;
}
