/**
 * A run report as JUnit XML, the format CI systems (GitHub Actions reporters, GitLab, Jenkins)
 * read: one <testsuite> per folder, one <testcase> per item, a <failure> per failed assertion or
 * problem, an <error> when the item could not be sent. Every text is XML-escaped, and characters
 * XML 1.0 cannot carry at all are written as `\uXXXX`, since answers are peer data.
 */
import type { ItemOutcome, RunReport } from './sequence';

// XML 1.0 allows tab, LF, CR and U+0020 and up (minus surrogates and U+FFFE/U+FFFF).
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlEscape(text: string): string {
  return text
    .replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

function testcase(o: ItemOutcome, suite: string): string {
  const attrs = `name="${xmlEscape(o.name)}" classname="${xmlEscape(suite)}" time="${seconds(o.durationMs)}"`;
  const failed = o.assertions.filter((a) => !a.pass);
  const lines = [...failed.map((a) => `${a.label}: ${a.detail}`), ...o.problems];
  let body = '';
  if (o.status === 'error') body = `<error message="${xmlEscape(o.problems[0] ?? 'could not run')}">${xmlEscape(lines.join('\n'))}</error>`;
  else if (o.status === 'failed') body = `<failure message="${xmlEscape(lines[0] ?? 'failed')}">${xmlEscape(lines.join('\n'))}</failure>`;
  const out = o.assertions.map((a) => `${a.pass ? 'pass' : 'FAIL'} ${a.label}: ${a.detail}`).join('\n');
  if (out) body += `<system-out>${xmlEscape(out)}</system-out>`;
  return body ? `    <testcase ${attrs}>${body}</testcase>` : `    <testcase ${attrs}/>`;
}

export function runReportToJunit(report: RunReport, collection: string): string {
  const suites = new Map<string, ItemOutcome[]>();
  for (const o of report.items) {
    const name = [collection, ...o.folder].join(' › ');
    suites.set(name, [...(suites.get(name) ?? []), o]);
  }
  const parts = [...suites].map(([name, items]) => {
    const failures = items.filter((o) => o.status === 'failed').length;
    const errors = items.filter((o) => o.status === 'error').length;
    const time = items.reduce((t, o) => t + o.durationMs, 0);
    return [
      `  <testsuite name="${xmlEscape(name)}" tests="${items.length}" failures="${failures}" errors="${errors}" time="${seconds(time)}">`,
      ...items.map((o) => testcase(o, name)),
      '  </testsuite>',
    ].join('\n');
  });
  const head = `<testsuites name="${xmlEscape(collection)}" tests="${report.items.length}" failures="${report.failed}" errors="${report.errors}" time="${seconds(report.durationMs)}">`;
  return ['<?xml version="1.0" encoding="UTF-8"?>', head, ...parts, '</testsuites>', ''].join('\n');
}
