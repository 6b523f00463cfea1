/**
 * What one page row costs in Chromium's heap, by representation (issue 11: ≤ 150 bytes an entry):
 * generated LSP entries without their text are parsed in a blank page and kept (a) as parsed,
 * (b) as the page kept them before (rest-spread without the text, shared empty findings, a Map of
 * seq → position), (c) as the page keeps them now (lib/timeline/compact-row.ts and
 * lib/timeline/seq-index.ts, bundled from the sources). Heap after two forced GCs, minus before.
 *
 *   node --import tsx bench/ui-rows.ts [entries]      (default 100000)
 */
import os from 'node:os';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { chromium } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { generateLspSession } from '../tests/fixtures/sessions/lsp-session';
import { heapAfterGc } from './ui-memory';
import { table } from './ui-stats';

const N = Number(process.argv[2] ?? 100_000);

/** lib/timeline's row model as one script for the page (the real sources, not a copy). */
function pageModelScript(): string {
  const entry = `export { compactRow, Interner } from ${JSON.stringify(path.resolve('lib/timeline/compact-row.ts'))};
export { SeqIndex } from ${JSON.stringify(path.resolve('lib/timeline/seq-index.ts'))};`;
  const out = buildSync({ stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, format: 'iife', globalName: '__rowModel', write: false });
  return out.outputFiles[0].text;
}

const VARIANTS: [string, string][] = [
  ['as parsed from the bridge', 'K = JSON.parse(J);'],
  ['before: rest-spread rows + Map index', `const NF = []; const rows = []; const m = new Map();
    for (const ev of JSON.parse(J)) { const { raw, rawBase64, ...row } = ev; if (row.findings.length === 0) row.findings = NF; m.set(row.seq, rows.length); rows.push(row); }
    K = [rows, m];`],
  ['now: compact rows + SeqIndex', `const { compactRow, Interner, SeqIndex } = __rowModel; const s = new Interner(); const rows = [];
    for (const ev of JSON.parse(J)) rows.push(compactRow(ev, s));
    K = [rows, new SeqIndex(rows), s];`],
];

async function main(): Promise<void> {
  const load = os.loadavg();
  const rows = generateLspSession({ entries: N }).events.map(({ raw: _raw, ...r }) => r);
  const json = JSON.stringify(rows);
  const opts = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? opts.executablePath ?? '/usr/bin/chromium', args: opts.args ?? [] });
  try {
    const page = await browser.newPage();
    await page.goto('about:blank');
    await page.addScriptTag({ content: pageModelScript() });
    await page.evaluate(`window.J = ${JSON.stringify(json)}; window.K = null; 0`);
    const out: string[][] = [];
    for (const [label, code] of VARIANTS) {
      await page.evaluate('window.K = null; 0');
      const before = await heapAfterGc(page);
      await page.evaluate(`(() => { ${code} })(); 0`);
      const after = await heapAfterGc(page);
      out.push([label, `${((after - before) / N).toFixed(0)} B`]);
    }
    console.log(`page rows in Chromium's heap, ${N.toLocaleString('en-US')} generated LSP entries without their text · load ${load.map((l) => l.toFixed(1)).join(' ')}`);
    console.log(table(['representation', 'heap per entry'], out));
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : err);
  process.exit(1);
});
