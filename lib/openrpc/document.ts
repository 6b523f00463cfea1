/**
 * One loaded OpenRPC document: parsed, checked against the meta-schema, indexed by method, with
 * JSON Schema validators compiled once per schema (from their place in the document, so
 * `#/components/schemas/…` references resolve) and cached.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { contentId } from './hash';
import { indexDocument } from './indexer';
import { validateAgainstMetaSchema } from './meta';
import { isObject, toFragment } from './pointer';
import type { DocumentSource, DocumentSummary, ErrorInfo, MethodInfo, Problem } from './types';

/** Documents larger than this are refused (pasted, uploaded, fetched or discovered alike). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

const DOC_URI = 'urn:rpcscope:openrpc-document';

export type ParsedText = { ok: true; value: unknown } | { ok: false; error: string };

/** JSON text → value, with the size limit and a readable reason when it is not JSON. */
export function parseDocumentText(text: string): ParsedText {
  if (text.length > MAX_DOCUMENT_BYTES || new TextEncoder().encode(text).length > MAX_DOCUMENT_BYTES) {
    return { ok: false, error: `the document is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB` };
  }
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return { ok: false, error: 'the document is empty' };
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (e) {
    return { ok: false, error: `the document is not JSON: ${(e as Error).message}` };
  }
}

export class OpenRpcDocument {
  readonly id: string;
  readonly title: string;
  readonly version: string;
  readonly openrpc: string;
  readonly source: DocumentSource;
  readonly problems: Problem[];
  readonly methods: MethodInfo[];
  readonly componentErrors: ErrorInfo[];
  /** The document as loaded. */
  readonly raw: unknown;
  private readonly byName = new Map<string, MethodInfo>();
  private ajv: Ajv | null = null;
  private readonly validators = new Map<string, ValidateFunction | null>();
  private readonly compileProblems = new Set<string>();

  private constructor(raw: unknown, source: DocumentSource, text: string, validate: boolean) {
    this.raw = raw;
    this.source = source;
    this.id = contentId(text);
    const root = isObject(raw) ? raw : {};
    const info = isObject(root.info) ? root.info : {};
    this.title = typeof info.title === 'string' && info.title.trim() ? info.title.trim() : 'Untitled OpenRPC document';
    this.version = typeof info.version === 'string' ? info.version : '';
    this.openrpc = typeof root.openrpc === 'string' ? root.openrpc : '';
    const index = indexDocument(raw);
    this.problems = validate ? [...validateAgainstMetaSchema(raw), ...index.problems] : index.problems;
    this.methods = index.methods;
    this.componentErrors = index.componentErrors;
    for (const m of this.methods) this.byName.set(m.name, m);
  }

  /**
   * Any JSON value: what is wrong with it becomes `problems`, and whatever can be used is used.
   * `metaSchema: false` skips the meta-schema check (the browser gets those problems from the server).
   */
  static load(value: unknown, source: DocumentSource = { kind: 'paste' }, opts: { metaSchema?: boolean } = {}): OpenRpcDocument {
    return new OpenRpcDocument(value, source, JSON.stringify(value) ?? '', opts.metaSchema !== false);
  }

  /** `"Petstore" 1.0.0` — how findings and decoded errors name this document. */
  get label(): string {
    return `“${this.title}”${this.version ? ` ${this.version}` : ''}`;
  }

  method(name: string): MethodInfo | undefined {
    return this.byName.get(name);
  }

  /**
   * The validator for the schema at `pointer`, compiled on first use. A schema Ajv cannot compile
   * (a reference to nothing, a broken pattern) validates nothing and is reported once as a problem.
   */
  validatorAt(pointer: string | undefined, where: string): ValidateFunction | null {
    if (pointer === undefined) return null;
    const cached = this.validators.get(pointer);
    if (cached !== undefined) return cached;
    let fn: ValidateFunction | null = null;
    try {
      fn = this.instance().compile({ $ref: `${DOC_URI}#${toFragment(pointer)}` });
    } catch (e) {
      const message = `has a schema that cannot be used for checks (they are skipped): ${(e as Error).message}`;
      if (!this.compileProblems.has(where)) {
        this.compileProblems.add(where);
        this.problems.push({ path: where, message, severity: 'error' });
      }
    }
    this.validators.set(pointer, fn);
    return fn;
  }

  /** Compiles every schema now, so schemas that cannot be used show up among `problems` at load time. */
  compileAll(): this {
    for (const m of this.methods) {
      m.params.forEach((p) => this.validatorAt(p.schemaPointer, paramWhere(m.name, p.name)));
      if (m.result) this.validatorAt(m.result.schemaPointer, resultWhere(m.name));
      for (const e of m.errors) this.validatorAt(e.dataSchemaPointer, errorDataWhere(m.name, e.code));
    }
    for (const e of this.componentErrors) this.validatorAt(e.dataSchemaPointer, `components.errors ${e.code}: data`);
    return this;
  }

  summary(): DocumentSummary {
    return {
      id: this.id,
      title: this.title,
      version: this.version,
      openrpc: this.openrpc,
      source: this.source,
      problems: [...this.problems],
      methods: this.methods,
      componentErrors: this.componentErrors,
    };
  }

  private instance(): Ajv {
    if (this.ajv) return this.ajv;
    // One Ajv per document: schemas' own `$id`s never collide across documents.
    const ajv = new Ajv({ allErrors: true, strict: false, validateSchema: false, logger: false });
    addFormats(ajv);
    const copy = isObject(this.raw) ? { ...this.raw } : {};
    delete copy.$schema;
    delete copy.$id;
    ajv.addSchema(copy, DOC_URI);
    this.ajv = ajv;
    return ajv;
  }
}

/** How problems name the place a validator is compiled for (one spelling, used by the checks too). */
export const paramWhere = (method: string, param: string) => `method ${method}, param ${param}`;
export const resultWhere = (method: string) => `method ${method}, result`;
export const errorDataWhere = (method: string, code: number) => `method ${method}, error ${code} data`;
