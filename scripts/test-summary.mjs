// Prints the closing line CI reads — `N passed, N failed, N skipped` — from the vitest and Playwright
// JSON reports, and exits non-zero when any test or any stage (typecheck, lint, build) failed.
import { readFileSync, existsSync } from 'node:fs';

const [unitPath, e2ePath, ...failedStages] = process.argv.slice(2);
let passed = 0, failed = 0, skipped = 0;

if (existsSync(unitPath)) {
  const r = JSON.parse(readFileSync(unitPath, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += (r.numFailedTests ?? 0);
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A test file that failed to load counts as a failure even with no test inside it.
  for (const f of r.testResults ?? []) if (f.status === 'failed' && (f.assertionResults ?? []).length === 0) failed++;
} else if (!failedStages.includes('unit')) failedStages.push('unit (no report)');

if (existsSync(e2ePath)) {
  const s = JSON.parse(readFileSync(e2ePath, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
} else if (!failedStages.includes('e2e')) failedStages.push('e2e (no report)');

if (failedStages.length) console.log(`failed stages: ${failedStages.join(', ')}`);
console.log(`${passed} passed, ${failed + failedStages.length} failed, ${skipped} skipped`);
process.exit(failed > 0 || failedStages.length > 0 ? 1 : 0);
