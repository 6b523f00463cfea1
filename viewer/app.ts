/**
 * The HTML export's viewer (started by viewer/main.ts, bundled by scripts/build-viewer.ts into every exported page). It reads
 * the session from the page's JSON block and shows the timeline, filters and a read-only
 * inspector with the app's own status, filter and format code (lib/timeline). It never reaches
 * another origin: the page is opened from disk with no network, under a CSP that forbids it.
 */
import type { EventKind } from '../lib/session/types';
import { compileFilter, filterIndexes } from '../lib/timeline/filter';
import { add, el } from './dom';
import { renderHeader } from './header';
import { renderInspector } from './inspector';
import { loadSession } from './session';
import { renderTimeline } from './timeline';
import { renderSequence } from './sequence';
import { readProbe, renderProbe } from './probe';
import { lanesFor } from '../lib/views/sequence';
import { renderToolbar } from './toolbar';
import { Comments } from './comments';
import type { LiveHooks } from './live-hooks';

/** Starts the viewer; a team server's page also passes the live hooks (viewer/team-main.ts). */
export function start(hooks?: LiveHooks): void {
  const loaded = loadSession(document);
  if (!loaded.ok) {
    document.body.appendChild(el('div', 'empty', loaded.error));
    return;
  }
  const { file, targetFacts, events, lookup } = loaded.session;
  const live = hooks?.readLiveConfig(document);
  const comments = new Comments(file.comments);
  let current: (typeof events)[number] | undefined;
  document.title = `${file.name || 'session'} — rpcscope`;

  const inspector = el('div', 'inspector');
  const show = (ev: (typeof events)[number] | undefined) => {
    current = ev;
    renderInspector(inspector, ev, lookup, jumpTo);
    const commentUrl = live?.commentUrl;
    if (ev) inspector.insertBefore(comments.render(ev.seq, commentUrl && hooks ? (text) => hooks.postComment(commentUrl, ev.seq, text) : undefined), inspector.children[2] ?? null);
  };
  const timeline = renderTimeline(events, lookup, show);
  // The sequence diagram of the same shown rows, drawn when its tab is chosen (and redrawn on each filter change then).
  const sequence = renderSequence(events, lookup, lanesFor(targetFacts.observed === true), (ev) => {
    timeline.selectSeq(ev.seq);
    show(ev);
  });
  let shownRows: readonly number[] = [];
  // The probe report the session carries (viewer/probe.ts): its tab shows only when there is one.
  const report = readProbe(file.probe);
  const probe = report
    ? renderProbe(report, (seq) => {
        setMode('timeline');
        jumpTo(seq);
      })
    : null;
  type Mode = 'timeline' | 'sequence' | 'probe';
  let mode: Mode = 'timeline';
  const panels: Record<Mode, HTMLElement | null> = { timeline: timeline.node, sequence: sequence.node, probe };
  const tabs = el('div', 'views');
  const tab = (name: Mode, label: string) => {
    const b = el('button', '', label);
    b.type = 'button';
    b.dataset.view = name;
    b.setAttribute('aria-pressed', String(mode === name));
    b.addEventListener('click', () => setMode(name));
    return b;
  };
  const tabButtons = [tab('timeline', 'Timeline'), tab('sequence', 'Sequence'), ...(probe ? [tab('probe', 'Probe')] : [])];
  add(tabs, ...tabButtons);
  function setMode(next: Mode): void {
    mode = next;
    tabButtons.forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.view === mode)));
    for (const [name, node] of Object.entries(panels)) if (node) node.style.display = name === mode ? '' : 'none';
    if (mode === 'sequence') sequence.setRows(shownRows);
  }
  sequence.node.style.display = 'none';
  if (probe) probe.style.display = 'none';
  const kinds = new Set<EventKind>(events.map((e) => e.kind));
  const toolbar = renderToolbar(kinds, applyFilters);

  function applyFilters(): void {
    const compiled = compileFilter(toolbar.filter());
    const rows = filterIndexes(events, compiled, lookup);
    toolbar.showCount(rows.length, events.length);
    toolbar.showProblems(compiled.problems);
    timeline.setRows(rows);
    shownRows = rows;
    if (mode === 'sequence') sequence.setRows(rows);
  }

  /** Follows a pairing link; clears the filters when they hide the other entry. */
  function jumpTo(seq: number): void {
    if (timeline.selectSeq(seq)) return;
    toolbar.reset();
    applyFilters();
    timeline.selectSeq(seq);
  }

  add(document.body, renderHeader(file, events.length, targetFacts), toolbar.node, add(el('div', 'main'), add(el('div', 'list-area'), tabs, timeline.node, sequence.node, probe), inspector));
  applyFilters();
  show(undefined);
  timeline.focus();

  if (live && hooks) {
    const state = el('span', 'live-state', 'connecting…');
    state.dataset.testid = 'live-state';
    document.body.querySelector('header')?.appendChild(state);
    hooks.followLive(live, () => (events.length ? events[events.length - 1].seq : -1), {
      events: (more) => {
        loaded.session.append(more);
        for (const e of more) kinds.add(e.kind);
        applyFilters();
      },
      comment: (c) => {
        if (comments.add(c) && current?.seq === c.seq) show(current);
      },
      state: (text) => (state.textContent = text === 'live' ? '● live' : text),
    });
  }
}

