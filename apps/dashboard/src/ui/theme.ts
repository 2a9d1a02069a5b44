/** Light or dark: the system's preference unless the reader picked one (kept in localStorage: not a secret). */
import { useEffect, useState } from 'react';

export type Theme = 'light' | 'dark';
const KEY = 'sextant-dashboard-theme';

function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function storedTheme(): Theme | undefined {
  try {
    const value = window.localStorage.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : undefined;
  } catch {
    return undefined;
  }
}

export function useTheme(): [Theme, (theme: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => storedTheme() ?? systemTheme());
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  return [
    theme,
    (next) => {
      setTheme(next);
      try {
        window.localStorage.setItem(KEY, next);
      } catch {
        // Private mode: the choice lasts this page only.
      }
    },
  ];
}
