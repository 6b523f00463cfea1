/** The export's header: the session's name, its target in one line, when it started, what was redacted. */
// The one-line target description the app's session list uses (it moves with the target-kind record).
import { describeTarget, isTargetKind, targetKindDef } from '../lib/targets/registry';
import type { SessionFileV1 } from '../lib/session/types';
import { add, el } from './dom';

export function renderHeader(file: SessionFileV1, eventCount: number): HTMLElement {
  const header = el('header');
  add(header, el('h1', '', file.name || 'rpcscope session'));
  const meta = el('div', 'meta');
  const target = file.target;
  // An unknown kind (a newer rpcscope wrote the file) still shows its kind.
  const line = (() => {
    try {
      return describeTarget(target) ?? '';
    } catch {
      return '';
    }
  })();
  add(meta, el('span', 'badge', 'read-only export'), el('span', 'mono', `${target.kind ?? '?'} ${line}`));
  if (file.startedAt) add(meta, el('span', '', `started ${new Date(file.startedAt).toLocaleString()}`));
  add(meta, el('span', '', `${eventCount} events`));
  // A kind that spawns a program has a launch command; the page only shows it.
  if (isTargetKind(target.kind) && targetKindDef(target.kind).launch) add(meta, el('span', 'badge', 'launch command shown as text only'));
  if (Array.isArray(file.redactions) && file.redactions.length) {
    add(meta, el('span', 'badge warn', `redacted: ${file.redactions.map((r) => `${r.kind} ×${r.count}`).join(', ')}`));
  }
  return add(header, meta);
}
