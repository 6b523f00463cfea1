/**
 * OpenRPC documents as rpcscope uses them: validated against the OpenRPC meta-schema, indexed by
 * method (with every `$ref` inside the document resolved), and turned into params validation,
 * examples, traffic checks and an error catalog. Everything here is plain data that survives JSON,
 * so the server can send a document's index to the browser as is.
 */

/** A JSON Schema (draft-07, as OpenRPC uses it): an object or a boolean. */
export type JsonSchema = boolean | { [key: string]: unknown };

/** How a method takes its params: an object by name, an array by position, or either. */
export type ParamStructure = 'by-name' | 'by-position' | 'either';

/** Something wrong, in plain words, at a readable path (`methods[2] getPet.params[0].schema.type`). */
export interface Problem {
  path: string;
  message: string;
  severity: 'error' | 'warning';
}

export interface ParamInfo {
  name: string;
  summary?: string;
  description?: string;
  required: boolean;
  deprecated?: boolean;
  schema: JsonSchema;
  /** JSON pointer of `schema` inside the document (validators compile from there, so its `$ref`s resolve); absent when no schema is given. */
  schemaPointer?: string;
}

export interface ResultInfo {
  name: string;
  description?: string;
  schema: JsonSchema;
  schemaPointer?: string;
}

export interface ErrorInfo {
  code: number;
  message: string;
  /** The declared `data`, as written. */
  data?: unknown;
  /** `data` when it reads as a JSON Schema (OpenRPC leaves its meaning open); replies' `data` is checked against it. */
  dataSchemaPointer?: string;
}

export interface ExampleValue {
  name: string;
  value: unknown;
}

export interface ExamplePairing {
  name: string;
  summary?: string;
  description?: string;
  params: ExampleValue[];
  result?: ExampleValue;
}

export interface MethodInfo {
  name: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  paramStructure: ParamStructure;
  params: ParamInfo[];
  result?: ResultInfo;
  errors: ErrorInfo[];
  examples: ExamplePairing[];
}

/** Where a document came from. */
export interface DocumentSource {
  kind: 'paste' | 'file' | 'url' | 'discover';
  /** For `url`: the address; for `discover`: the target. */
  url?: string;
  /** For `file`: the file name. */
  name?: string;
}

/** What the API returns for one loaded document. */
export interface DocumentSummary {
  id: string;
  title: string;
  version: string;
  openrpc: string;
  source: DocumentSource;
  problems: Problem[];
  methods: MethodInfo[];
  componentErrors: ErrorInfo[];
}
