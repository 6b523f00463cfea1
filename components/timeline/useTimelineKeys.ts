'use client';
/**
 * Keyboard for the timeline, active whenever focus is not in a text field or editor:
 * j/k or ↓/↑ move, p jumps to the pair, g/G first/last, Esc clears, f follows, / filters,
 * t switches the time column. (`?` is global: see useGlobalKeys.)
 */
import { useEffect, useRef } from 'react';
import type { SessionView } from '@/components/stores/types';
import { useSessions } from '@/components/stores/sessions';
import { useTimeline } from '@/components/stores/timeline';
import { usePreferences } from '@/components/stores/preferences';
import { useUi } from '@/components/stores/ui';
import { positionOf } from '@/lib/timeline/filter';

function isTypingTarget(t: EventTarget | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.isContentEditable) return true;
  const tag = t.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (t as HTMLInputElement).type;
    return !['checkbox', 'radio', 'button', 'submit'].includes(type);
  }
  return !!t.closest('.cm-editor');
}

export function useTimelineKeys(sessionId: string | null, view: SessionView | undefined, indexes: number[]) {
  // The handler reads the latest values through a ref so the listener is attached once.
  const latest = useRef({ sessionId, view, indexes });
  useEffect(() => {
    latest.current = { sessionId, view, indexes };
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (isTypingTarget(e.target)) {
        if (e.key === 'Escape' && e.target instanceof HTMLInputElement) e.target.blur();
        return;
      }
      if (useUi.getState().helpOpen) return;
      const { sessionId: id, view: v, indexes: idx } = latest.current;
      if (!id || !v) return;
      const sessions = useSessions.getState();
      const timeline = useTimeline.getState();
      const sel = sessions.selectedSeq;
      const pos = sel === null ? -1 : positionOf(idx, v.indexBySeq.get(sel) ?? -1);
      const selectAt = (p: number) => {
        if (idx.length === 0) return;
        const clamped = Math.max(0, Math.min(idx.length - 1, p));
        sessions.select(v.events[idx[clamped]].seq);
        if (clamped < idx.length - 1) timeline.setFollow(id, false);
      };
      switch (e.key) {
        case 'j':
        case 'ArrowDown':
          selectAt(pos < 0 ? 0 : pos + 1);
          break;
        case 'k':
        case 'ArrowUp':
          selectAt(pos < 0 ? idx.length - 1 : pos - 1);
          break;
        case 'PageDown':
          selectAt(pos + 20);
          break;
        case 'PageUp':
          selectAt(pos - 20);
          break;
        case 'g':
        case 'Home':
          selectAt(0);
          break;
        case 'G':
        case 'End':
          selectAt(idx.length - 1);
          timeline.setFollow(id, true);
          break;
        case 'p': {
          const ev = sel !== null ? v.events[v.indexBySeq.get(sel) ?? -1] : undefined;
          const target = ev?.pair ?? ev?.items?.find((it) => it.pair !== undefined)?.pair;
          if (target === undefined) return;
          sessions.select(target);
          timeline.setFollow(id, false);
          break;
        }
        case 'Escape':
          sessions.select(null);
          break;
        case 'f':
          timeline.setFollow(id, !(timeline.follow[id] ?? true));
          break;
        case '/':
          timeline.focusFilter();
          break;
        case 't': {
          const prefs = usePreferences.getState();
          prefs.setTimeMode(prefs.timeMode === 'relative' ? 'absolute' : 'relative');
          break;
        }
        default:
          return;
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export const SHORTCUTS: [string[], string][] = [
  [['j', '↓'], 'Next entry'],
  [['k', '↑'], 'Previous entry'],
  [['PgDn', 'PgUp'], 'Move 20 entries'],
  [['g', 'Home'], 'First entry'],
  [['G', 'End'], 'Latest entry, and follow'],
  [['p'], 'Jump between a request and its response'],
  [['Esc'], 'Clear the selection / leave a text field'],
  [['f'], 'Follow new entries on or off'],
  [['/'], 'Filter the timeline'],
  [['t'], 'Time column: since start ↔ clock'],
  [['Ctrl', 'Enter'], 'Send (in the request editor)'],
  [['?'], 'This panel'],
];

/** Keys that work everywhere, with or without a session: `?` toggles the shortcuts panel, Esc closes it. */
export function useGlobalKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target)) return;
      const ui = useUi.getState();
      if (e.key === '?') {
        ui.setHelpOpen(!ui.helpOpen);
        e.preventDefault();
      } else if (e.key === 'Escape' && ui.helpOpen) {
        ui.setHelpOpen(false);
        e.preventDefault();
      }
    };
    // Capture phase: runs before the timeline's handler, which then sees helpOpen already updated.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
