/**
 * The page's JavaScript memory after a full garbage collection (Chrome DevTools Protocol), to
 * report page memory per timeline entry: the memory with a session open minus the memory before
 * it was opened, divided by its entries. Issue 11 aims at ≤ 150 bytes per entry. The heap and
 * the array buffers' backing stores, which live outside it (the timeline's row facts are typed
 * arrays: lib/timeline/row-facts.ts).
 */
import type { Page } from '@playwright/test';

export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Twice: the first collection can leave objects that only the second finds unreachable.
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize, backingStorageSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
    return usedSize + (backingStorageSize ?? 0);
  } finally {
    await cdp.detach();
  }
}

export function bytesPerEntry(before: number, after: number, entries: number): number {
  return entries > 0 ? Math.max(0, after - before) / entries : 0;
}
