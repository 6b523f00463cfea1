'use client';
import { useEffect } from 'react';
import { usePreferences } from '@/components/stores/preferences';

/**
 * Puts `light` or `dark` on <html>. CSS colors follow `color-scheme` (light-dark()), and
 * Tailwind's `dark:` variant keys on the class, so both agree. "system" follows the OS live.
 */
export function ThemeApplier() {
  const theme = usePreferences((s) => s.theme);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const dark = theme === 'dark' || (theme === 'system' && media.matches);
      const root = document.documentElement;
      if (root.classList.contains(dark ? 'dark' : 'light')) return;
      root.classList.add('theme-switching');
      root.classList.toggle('dark', dark);
      root.classList.toggle('light', !dark);
      // Two frames: the first paints the new colors with transitions off.
      requestAnimationFrame(() => requestAnimationFrame(() => root.classList.remove('theme-switching')));
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
  return null;
}
