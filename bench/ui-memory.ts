/**
 * The page's JavaScript heap after a full garbage collection (Chrome DevTools Protocol), to
 * report page memory per timeline entry: the heap with a session open minus the heap before
 * it was opened, divided by its entries. Issue 11 aims at ≤ 150 bytes per entry.
 */
import type { Page } from '@playwright/test';

export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Twice: the first collection can leave objects that only the second finds unreachable.
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

export function bytesPerEntry(before: number, after: number, entries: number): number {
  return entries > 0 ? Math.max(0, after - before) / entries : 0;
}
