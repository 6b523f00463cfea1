import { describe, expect, it } from 'vitest';
import { COLUMNS, COLUMN_ORDER, DEFAULT_COLUMN_PREFS, layoutColumns, sanitizeColumnPrefs } from '@/lib/timeline/columns';

describe('timeline columns fit the width they get', () => {
  it('shows every column, growing ones sharing the spare width, when there is room', () => {
    const l = layoutColumns(DEFAULT_COLUMN_PREFS, 1400);
    expect(l.ids).toEqual(COLUMN_ORDER);
    expect(l.squeezed).toEqual([]);
    expect(l.template).toContain('minmax(140px,1fr)');
    expect(l.template.split(' ')).toHaveLength(COLUMN_ORDER.length);
  });

  it('keeps Method, Latency and Status however narrow, dropping the optional columns in order', () => {
    const l = layoutColumns(DEFAULT_COLUMN_PREFS, 440);
    expect(l.ids).toEqual(expect.arrayContaining(['method', 'latency', 'status']));
    expect(l.squeezed[0]).toBe('kind');
    const width = l.ids.reduce((sum, id) => sum + COLUMNS[id].width, 0);
    expect(width).toBeLessThanOrEqual(440);
    expect(layoutColumns(DEFAULT_COLUMN_PREFS, 100).ids).toEqual(['method', 'latency', 'status']);
  });

  it('honours hidden columns and dragged widths', () => {
    const l = layoutColumns({ hidden: ['time', 'kind'], widths: { method: 300, id: 90 } }, 2000);
    expect(l.ids).not.toContain('time');
    expect(l.ids).not.toContain('kind');
    const tracks = Object.fromEntries(l.ids.map((id, i) => [id, l.template.split(' ')[i]]));
    expect(tracks.method).toBe('300px');
    expect(tracks.id).toBe('90px');
    expect(tracks.summary).toBe('minmax(120px,3fr)');
  });

  it('reads stored preferences defensively: unknown ids, required columns and silly widths are dropped or clamped', () => {
    const p = sanitizeColumnPrefs({ hidden: ['status', 'nope', 'time', 'time'], widths: { seq: 1e9, method: -5, bogus: 3, id: 'wide' } });
    expect(p.hidden).toEqual(['time']);
    expect(p.widths).toEqual({ seq: 1200, method: 20 });
    expect(sanitizeColumnPrefs('garbage')).toEqual(DEFAULT_COLUMN_PREFS);
  });
});
