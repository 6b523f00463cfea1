/**
 * Params, results and error data against a method's declarations, following `paramStructure`:
 * by-name takes an object, by-position an array, either takes both. Every problem comes back in
 * plain words with the path of the offending value (`params.pet.name`, `params[0] (petId)`).
 */
import { errorDataWhere, paramWhere, resultWhere, type OpenRpcDocument } from './document';
import { isObject } from './pointer';
import { describeValue, plainErrors } from './problems';
import type { ErrorInfo, MethodInfo, ParamInfo } from './types';

export interface Issue {
  path: string;
  message: string;
}

const IDENT = /^[A-Za-z_$][\w$-]*$/;
const namedPath = (name: string) => (IDENT.test(name) ? `params.${name}` : `params[${JSON.stringify(name)}]`);

function exampleShape(method: MethodInfo, byName: boolean): string {
  const names = method.params.slice(0, 3).map((p) => p.name);
  if (byName) return `{${names.map((n) => `${JSON.stringify(n)}: …`).join(', ')}}`;
  return `[${names.map((n) => `<${n}>`).join(', ')}]`;
}

/** `params` as sent (undefined when the message has no params member). */
export function checkParams(doc: OpenRpcDocument, method: MethodInfo, params: unknown): Issue[] {
  if (params !== undefined && params !== null && typeof params !== 'object') {
    return [{ path: 'params', message: `must be an object or an array (it is ${describeValue(params)})` }];
  }
  if (params === null) return [{ path: 'params', message: 'must be an object or an array, or be left out (it is null)' }];
  const structure = method.paramStructure;
  if (structure === 'by-name' && Array.isArray(params) && !(params.length === 0 && method.params.length === 0)) {
    return [{ path: 'params', message: `${method.name} takes its params by name: send an object such as ${exampleShape(method, true)}, not an array` }];
  }
  if (structure === 'by-position' && isObject(params) && !(Object.keys(params).length === 0 && method.params.length === 0)) {
    return [{ path: 'params', message: `${method.name} takes its params by position: send an array such as ${exampleShape(method, false)}, not an object` }];
  }
  if (Array.isArray(params) || (params === undefined && structure === 'by-position')) return positional(doc, method, params ?? []);
  return named(doc, method, (params as Record<string, unknown> | undefined) ?? {});
}

function named(doc: OpenRpcDocument, method: MethodInfo, obj: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  const known = new Set(method.params.map((p) => p.name));
  for (const p of method.params) {
    const path = namedPath(p.name);
    if (!Object.prototype.hasOwnProperty.call(obj, p.name)) {
      if (p.required) issues.push({ path, message: `is required by ${method.name} but missing` });
      continue;
    }
    issues.push(...checkValue(doc, method, p, obj[p.name], path));
  }
  for (const key of Object.keys(obj)) {
    if (!known.has(key)) issues.push({ path: namedPath(key), message: `${method.name} has no param named ${JSON.stringify(key)}${known.size ? ` (it takes ${[...known].map((k) => JSON.stringify(k)).join(', ')})` : ' (it takes none)'}` });
  }
  return issues;
}

function positional(doc: OpenRpcDocument, method: MethodInfo, arr: unknown[]): Issue[] {
  const issues: Issue[] = [];
  method.params.forEach((p, i) => {
    const path = `params[${i}] (${p.name})`;
    if (i >= arr.length) {
      if (p.required) issues.push({ path, message: `is required by ${method.name} but missing` });
      return;
    }
    issues.push(...checkValue(doc, method, p, arr[i], path));
  });
  if (arr.length > method.params.length) {
    issues.push({ path: 'params', message: `has ${arr.length} items, but ${method.name} takes at most ${method.params.length}` });
  }
  return issues;
}

function checkValue(doc: OpenRpcDocument, method: MethodInfo, p: ParamInfo, value: unknown, path: string): Issue[] {
  const validate = doc.validatorAt(p.schemaPointer, paramWhere(method.name, p.name));
  if (!validate || validate(value)) return [];
  return plainErrors(validate.errors, { root: value, prefix: path, max: 10 });
}

/** A success answer's `result` against the method's result schema. */
export function checkResult(doc: OpenRpcDocument, method: MethodInfo, result: unknown): Issue[] {
  if (!method.result) return [];
  const validate = doc.validatorAt(method.result.schemaPointer, resultWhere(method.name));
  if (!validate || validate(result)) return [];
  return plainErrors(validate.errors, { root: result, prefix: 'result', max: 10 });
}

/** An error's `data` against the schema the declared error gives for it (when it gives one). */
export function checkErrorData(doc: OpenRpcDocument, method: MethodInfo, declared: ErrorInfo, data: unknown): Issue[] {
  if (!declared.dataSchemaPointer) return [];
  if (data === undefined) return [{ path: 'error.data', message: 'is missing; the declared error describes what it carries' }];
  const validate = doc.validatorAt(declared.dataSchemaPointer, errorDataWhere(method.name, declared.code));
  if (!validate || validate(data)) return [];
  return plainErrors(validate.errors, { root: data, prefix: 'error.data', max: 10 });
}
