/** Per-session timeline view state: filters and live-follow. Kept per session so switching loses nothing. */
import { create } from 'zustand';
import { EMPTY_FILTER, type TimelineFilter } from '@/lib/timeline/filter';

export interface TimelineState {
  filters: Record<string, TimelineFilter>;
  /** Live-follow per session (default on): the view sticks to the newest entry. */
  follow: Record<string, boolean>;
  /** A request from elsewhere (stats panel, keyboard) to focus the filter box. */
  focusFilterTick: number;
  setFilter(sessionId: string, patch: Partial<TimelineFilter>): void;
  resetFilter(sessionId: string): void;
  setFollow(sessionId: string, follow: boolean): void;
  focusFilter(): void;
}

export const useTimeline = create<TimelineState>()((set) => ({
  filters: {},
  follow: {},
  focusFilterTick: 0,
  setFilter: (id, patch) => set((s) => ({ filters: { ...s.filters, [id]: { ...(s.filters[id] ?? EMPTY_FILTER), ...patch } } })),
  resetFilter: (id) => set((s) => ({ filters: { ...s.filters, [id]: EMPTY_FILTER } })),
  setFollow: (id, follow) => set((s) => (s.follow[id] === follow ? s : { follow: { ...s.follow, [id]: follow } })),
  focusFilter: () => set((s) => ({ focusFilterTick: s.focusFilterTick + 1 })),
}));

export const filterOf = (s: TimelineState, id: string | null): TimelineFilter => (id ? s.filters[id] ?? EMPTY_FILTER : EMPTY_FILTER);
export const followOf = (s: TimelineState, id: string | null): boolean => (id ? s.follow[id] ?? true : true);
