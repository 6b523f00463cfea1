/**
 * `rpcscope export SESSION_FILE [--format F] [--out FILE] [--redact all|none]`: turns a session file
 * into any export format (lib/export/formats.ts: the session file, HTML, HAR, NDJSON, the sequence
 * diagram as SVG) from a script or CI, with the same redaction pass as the app's Export dialog.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEFAULT_EXPORT_FORMAT, EXPORT_FORMAT_IDS, ExportFormatSchema, exportFormat } from '../../lib/export/formats';
import { redactSessionFile } from '../../lib/redaction';
import { parseSessionFile } from '../../lib/session/file-format';
import { EXPORT_ASSETS } from '../export-viewer';
import type { CommandExit } from './index';

const USAGE = `usage: rpcscope export SESSION_FILE [--format ${EXPORT_FORMAT_IDS.join('|')}] [--out FILE] [--redact all|none]
  (format defaults to ${DEFAULT_EXPORT_FORMAT}; without --out the export goes to stdout; redaction is on unless --redact none)`;

const refuse = (message: string, code: number): CommandExit => (console.error(`rpcscope export: ${message}${code === 2 ? `\n${USAGE}` : ''}`), { code });

export async function runExportCli(argv: string[]): Promise<CommandExit> {
  let values: { format?: string; out?: string; redact?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      options: { format: { type: 'string' }, out: { type: 'string' }, redact: { type: 'string' }, help: { type: 'boolean' } },
      allowPositionals: true,
    }));
  } catch (err) {
    return refuse((err as Error).message, 2);
  }
  if (values.help) return console.log(USAGE), { code: 0 };
  const [file, ...extra] = positionals;
  if (!file) return refuse('SESSION_FILE is missing', 2);
  if (extra.length) return refuse(`one SESSION_FILE at a time (also given: ${extra.join(' ')})`, 2);
  const id = ExportFormatSchema.safeParse(values.format ?? DEFAULT_EXPORT_FORMAT);
  if (!id.success) return refuse(id.error.issues[0]?.message ?? 'bad --format', 2);
  if (values.redact !== undefined && values.redact !== 'all' && values.redact !== 'none') return refuse('--redact is all or none', 2);

  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return refuse(`cannot read ${file}: ${(err as Error).message}`, 1);
  }
  const parsed = parseSessionFile(text);
  if (!parsed.ok) return refuse(`${file}: ${parsed.error}`, 1);
  const format = exportFormat(id.data);
  const why = format.unavailable?.(parsed.value.target);
  if (why) return refuse(`${format.label} is ${why}`, 1);
  const redact = format.redaction && values.redact !== 'none';
  const { file: safe, report } = redact ? redactSessionFile(parsed.value) : { file: parsed.value, report: null };
  let built;
  try {
    built = format.build(safe, EXPORT_ASSETS);
  } catch (err) {
    return refuse((err as Error).message, 1);
  }
  if (!built.ok) return refuse(built.error, 1);
  if (values.out) await writeFile(values.out, built.body);
  else process.stdout.write(built.body);
  const redacted = report ? `redacted ${report.total} value(s)` : 'not redacted';
  console.error(`exported ${safe.events.length} entries as ${format.label}${values.out ? ` to ${values.out}` : ''}; ${redacted}`);
  return { code: 0 };
}
