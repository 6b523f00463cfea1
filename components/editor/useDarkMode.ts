'use client';
import { useSyncExternalStore } from 'react';

/** Follows the `dark` class on <html> (the app shell toggles it). */
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const read = () => document.documentElement.classList.contains('dark');

export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
