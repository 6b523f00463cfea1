/**
 * `classify(text)`: what one message is. JSON.parse, then the envelope checked with plain code
 * (a schema library would cost as much as the parse itself). Never throws, whatever the input.
 */
import type { Finding } from '../session/types';
import { DAP_PROTOCOL, recognizeDap } from './dap';
import { duplicateKeyFindings } from './rules/duplicate-keys';
import { classifyValue } from './rules/envelope';
import { finding } from './rules/table';
import type { Classified, ClassifiedItem } from './types';

export interface ClassifyOptions {
  /** Batch entries checked one by one; past this, a finding says the rest were not. Default 50 000. */
  maxBatchItems?: number;
  /**
   * The text came from the peer, which answers our requests: then unparsable text breaks "the Server
   * MUST reply with a Response" (`reply-parse-error`) rather than being a Parse error we sent.
   */
  fromPeer?: boolean;
}

const DEFAULT_MAX_BATCH_ITEMS = 50_000;

export function classify(text: string, opts?: ClassifyOptions): Classified {
  if (typeof text !== 'string') {
    return parseError(`Expected message text, got ${text === null ? 'null' : typeof text}.`, opts);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return parseError(text.trim() === '' ? 'Empty message: not valid JSON.' : `Not valid JSON: ${errorText(e)}`, opts);
  }
  try {
    const c = classifyParsed(text, value, opts);
    if (typeof value === 'object' && value !== null) {
      const dups = duplicateKeyFindings(text, value);
      if (dups.length > 0) c.findings = [...c.findings, ...dups];
    }
    return c;
  } catch (e) {
    // Defensive: a bug here must not take a session down; the message still gets recorded.
    return {
      index: 0,
      kind: 'not-jsonrpc',
      hasId: false,
      findings: [{ rule: 'internal', severity: 'info', message: `rpcscope could not check this message: ${errorText(e)}` }],
      value,
    };
  }
}

function classifyParsed(text: string, value: unknown, opts?: ClassifyOptions): Classified {
  if (Array.isArray(value)) return classifyBatch(text, value, opts?.maxBatchItems ?? DEFAULT_MAX_BATCH_ITEMS);
  const dap = recognizeDap(value);
  if (dap) {
    return {
      index: 0,
      kind: 'not-jsonrpc',
      hasId: false,
      method: dap.command ?? dap.event,
      findings: [],
      protocol: DAP_PROTOCOL,
      dap,
      value,
    };
  }
  const item = classifyValue(value, 0, false, text) as Classified;
  item.value = value;
  return item;
}

function classifyBatch(text: string, arr: unknown[], maxItems: number): Classified {
  const n = arr.length;
  const findings: Finding[] = [];
  if (n === 0) findings.push(finding('batch-empty'));
  const limit = n < maxItems ? n : maxItems;
  const items: ClassifiedItem[] = new Array(limit);
  let asks = 0;
  let answers = 0;
  for (let i = 0; i < limit; i++) {
    const item = classifyValue(arr[i], i, true, text);
    items[i] = item;
    const f = item.findings;
    for (let k = 0; k < f.length; k++) findings.push(f[k]);
    const role = item.role;
    if (role === 'response' || role === 'error') answers++;
    else asks++;
  }
  if (asks > 0 && answers > 0) {
    findings.push(finding('batch-mixed', undefined, `A batch with ${answers} response(s) and ${asks} other entr${asks === 1 ? 'y' : 'ies'}.`));
  }
  if (limit < n) {
    findings.push(finding('batch-too-large', undefined, `A batch of ${n} entries: only the first ${limit} were checked and paired.`));
  }
  return { index: 0, kind: 'batch', hasId: false, items, findings, value: arr };
}

function parseError(message: string, opts: ClassifyOptions | undefined): Classified {
  const rule = opts?.fromPeer ? 'reply-parse-error' : 'parse-error';
  return { index: 0, kind: 'parse-error', hasId: false, findings: [finding(rule, undefined, message)] };
}

function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    return 'unknown error';
  }
}
