/**
 * The export's filters: the app's query language (method:, status:, id: … and free text) plus
 * direction, kind and "errors only", compiled by lib/timeline/filter exactly as the app does.
 */
import type { Direction, EventKind } from '../lib/session/types';
import { EMPTY_FILTER, EVENT_KINDS, type TimelineFilter } from '../lib/timeline/filter';
import { add, el } from './dom';

const DIRECTIONS: Record<Direction, string> = { out: '→ out (to target)', in: '← in (from target)', meta: '• meta' };

export interface Toolbar {
  node: HTMLElement;
  filter(): TimelineFilter;
  showCount(shown: number, total: number): void;
  showProblems(problems: readonly string[]): void;
  /** Back to no filter (a jump to an entry the filter hides). */
  reset(): void;
}

function option(value: string, label: string): HTMLOptionElement {
  const o = el('option', '', label);
  o.value = value;
  return o;
}

export function renderToolbar(presentKinds: ReadonlySet<EventKind>, onChange: () => void): Toolbar {
  const node = el('div', 'toolbar');
  const search = el('input');
  search.type = 'search';
  search.placeholder = 'Filter: text, method:name, status:error, id:7 …';
  search.setAttribute('aria-label', 'Filter text');
  const dir = el('select');
  dir.setAttribute('aria-label', 'Direction');
  add(dir, option('', 'all directions'), ...Object.entries(DIRECTIONS).map(([v, label]) => option(v, label)));
  const kind = el('select');
  kind.setAttribute('aria-label', 'Kind');
  add(kind, option('', 'all kinds'), ...EVENT_KINDS.filter((k) => presentKinds.has(k)).map((k) => option(k, k)));
  const errLabel = el('label');
  const errors = el('input');
  errors.type = 'checkbox';
  add(errLabel, errors, document.createTextNode(' errors only'));
  const count = el('span', 'meta');
  const problems = el('span', 't-warn');
  problems.setAttribute('role', 'status');
  add(node, search, dir, kind, errLabel, count, problems);

  let timer: ReturnType<typeof setTimeout> | undefined;
  search.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, 120);
  });
  for (const input of [dir, kind, errors]) input.addEventListener('change', onChange);

  return {
    node,
    filter: () => ({
      ...EMPTY_FILTER,
      dirs: dir.value ? [dir.value as Direction] : [],
      kinds: kind.value ? [kind.value as EventKind] : [],
      errorsOnly: errors.checked,
      query: search.value,
    }),
    showCount: (shown, total) => {
      count.textContent = `${shown} of ${total} events`;
    },
    showProblems: (list) => {
      problems.textContent = list.join('; ');
    },
    reset: () => {
      search.value = '';
      dir.value = '';
      kind.value = '';
      errors.checked = false;
    },
  };
}
