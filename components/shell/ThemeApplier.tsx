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
      root.classList.toggle('dark', dark);
      root.classList.toggle('light', !dark);
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
  return null;
}
