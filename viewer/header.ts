/** The export's header: the session's name, its target in one line, when it started, what was redacted. */
import type { ExportTargetFacts } from '../lib/export/html-ids';
import type { SessionFileV1 } from '../lib/session/types';
import { add, el } from './dom';

/** `facts` say what the kind registry knows of the target, put in the export by lib/export/html.ts. */
export function renderHeader(file: SessionFileV1, eventCount: number, facts: ExportTargetFacts): HTMLElement {
  const header = el('header');
  add(header, el('h1', '', file.name || 'rpcscope session'));
  const meta = el('div', 'meta');
  const target = file.target;
  add(meta, el('span', 'badge', 'read-only export'), el('span', 'mono', `${target.kind ?? '?'} ${facts.line}`));
  if (file.startedAt) add(meta, el('span', '', `started ${new Date(file.startedAt).toLocaleString()}`));
  add(meta, el('span', '', `${eventCount} events`));
  // A kind that spawns a program has a launch command; the page only shows it.
  if (facts.launch) add(meta, el('span', 'badge', 'launch command shown as text only'));
  if (Array.isArray(file.redactions) && file.redactions.length) {
    add(meta, el('span', 'badge warn', `redacted: ${file.redactions.map((r) => `${r.kind} ×${r.count}`).join(', ')}`));
  }
  return add(header, meta);
}
