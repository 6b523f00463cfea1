'use client';
import { useSyncExternalStore } from 'react';

/**
 * Whether the page is dark: the `dark` / `light` class on <html> when the user chose, else the
 * system setting (the palette in app/globals.css follows the same rule).
 */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  media.addEventListener('change', onChange);
  return () => {
    observer.disconnect();
    media.removeEventListener('change', onChange);
  };
}

export function isDarkNow(): boolean {
  const cls = document.documentElement.classList;
  if (cls.contains('dark')) return true;
  if (cls.contains('light')) return false;
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDarkNow, () => false);
}
