/**
 * The limits and small zod pieces shared by the session schemas and the target kinds
 * (lib/targets): a separate module so the kinds can use them without importing schemas.ts,
 * which itself imports the kinds' registry.
 */
import { z } from 'zod';

const MiB = 1024 * 1024;

export const LIMITS = {
  /** Wire text of one message, and any field that may copy from it. */
  rawChars: 64 * MiB,
  /** Session, collection, folder, item and environment names. */
  nameChars: 200,
  /** Headers a user may set on a target. */
  targetHeaders: 100,
  /** Headers recorded from a reply (Node's own default cap is 2000). */
  recordedHeaders: 2000,
  headerNameChars: 256,
  headerValueChars: 16 * 1024,
  urlChars: 8 * 1024,
  pathChars: 4096,
  args: 1000,
  argChars: 128 * 1024,
  envVars: 1000,
  envNameChars: 256,
  envValueChars: 128 * 1024,
  subprotocols: 32,
  /** Short labels we produce ourselves: rule ids, catalog names, sources, reasons. */
  labelChars: 200,
  /** Longer text we produce ourselves: finding messages, quoted spec sentences, meanings. */
  textChars: 64 * 1024,
  findingsPerEvent: 10_000,
  batchItems: 1_000_000,
  eventsPerFile: 5_000_000,
  redactionKinds: 1000,
  sessionIdChars: 100,
  tags: 50,
  tagChars: 50,
  /** Seq ranges a session's recording lists as not saved (one per outage; beyond this they merge). */
  missingRanges: 1000,
  timeoutMsMax: 24 * 60 * 60 * 1000,
  /** A serialized session file. */
  fileChars: 256 * MiB,
  /** Nesting depth of a JSON document we accept (arrays and objects). */
  jsonDepth: 256,
} as const;

export const boundedRecord = <V extends z.ZodType>(
  what: string,
  max: number,
  key: z.ZodType<string>,
  value: V,
) =>
  // Count keys before validating any of them: a record with a million keys is refused in O(keys).
  z
    .unknown()
    .check((ctx) => {
      const v = ctx.value;
      if (!isObjectInput(v)) return;
      if (Object.keys(v as object).length > max) ctx.issues.push({ code: 'custom', input: v, message: `at most ${max} ${what}` });
      // The record would silently drop it; say so instead.
      else if (Object.prototype.hasOwnProperty.call(v, '__proto__'))
        ctx.issues.push({ code: 'custom', input: v, path: ['__proto__'], message: 'the name "__proto__" is not allowed' });
    })
    .pipe(z.record(key, value));

export const isObjectInput = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

export const noControl = /^[^\u0000-\u001f\u007f]*$/;
export const noNul = /^[^\u0000]*$/;
/** RFC 9110 token characters. */
export const headerToken = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export const headerName = z
  .string()
  .min(1, 'header name is empty')
  .max(LIMITS.headerNameChars)
  .regex(headerToken, 'header name may use only letters, digits and !#$%&\'*+-.^_`|~');
/** CR, LF or NUL in a value would let one header smuggle another. */
export const headerValue = z
  .string()
  .max(LIMITS.headerValueChars)
  .regex(/^[^\r\n\u0000]*$/, 'header value may not contain CR, LF or NUL');
