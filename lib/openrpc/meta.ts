/**
 * Validation against the OpenRPC meta-schema from the maintained `@open-rpc/meta-schema` package
 * (never a hand copy). That schema describes the JSON Schemas inside a document by reference to
 * `https://meta.json-schema.tools`, which the package does not ship; what that address describes
 * is the JSON Schema draft-07 meta-schema, which Ajv carries, so we register it under that name.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import * as metaSchemaPackage from '@open-rpc/meta-schema';
import { plainErrors } from './problems';
import type { Problem } from './types';

const JSON_SCHEMA_META = 'https://meta.json-schema.tools/';
const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

// The package's type declarations describe documents but omit the schema value it exports.
const openrpcDocument = (metaSchemaPackage as unknown as { openrpcDocument: Record<string, unknown> }).openrpcDocument;

let compiled: ValidateFunction | null = null;

function metaValidator(): ValidateFunction {
  if (compiled) return compiled;
  // verbose: each error carries its parent schema, whose `title` tells which oneOf branch it came from.
  const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, logger: false });
  addFormats(ajv);
  ajv.addSchema({
    $id: JSON_SCHEMA_META,
    $ref: DRAFT_07,
    // The one inner path the OpenRPC schema points at (Reference Object's `$ref`).
    definitions: { JSONSchemaObject: { properties: { $ref: { type: 'string', format: 'uri-reference' } } } },
  });
  // The package's own `$schema` names a meta-meta-schema Ajv does not know; and one of its
  // references omits the trailing slash of the address the other uses.
  const { $schema: _ignored, ...schema } = openrpcDocument;
  const text = JSON.stringify(schema).split('"https://meta.json-schema.tools"').join(`"${JSON_SCHEMA_META}#"`);
  compiled = ajv.compile(JSON.parse(text) as object);
  return compiled;
}

/** The OpenRPC versions the meta-schema accepts, newest first. */
export function supportedVersions(): string[] {
  const props = (openrpcDocument as { properties?: { openrpc?: { enum?: unknown } } }).properties;
  const list = props?.openrpc?.enum;
  return Array.isArray(list) ? list.map(String) : [];
}

/** Problems the meta-schema finds, in plain words; none means the document is valid OpenRPC. */
export function validateAgainstMetaSchema(doc: unknown): Problem[] {
  const validate = metaValidator();
  if (validate(doc)) return [];
  return plainErrors(validate.errors, { root: doc, prefix: '', labelNames: true }).map((e) => ({
    path: e.path || 'the document',
    message: e.message,
    severity: 'error' as const,
  }));
}
