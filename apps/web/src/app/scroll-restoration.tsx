import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';

function readSaved(): Record<string, number> {
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return saved && typeof saved === 'object' ? (saved as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** Where each history entry (by location key) was scrolled to; kept for a reload in sessionStorage. */
let positions: Record<string, number> | null = null;

/**
 * What React Router's <ScrollRestoration> does, for the declarative <BrowserRouter> (the data router it needs
 * is 18 kB gzip more on the first page, docs/decisions/0800-web-bundle.md): back and forward return to where
 * the page was scrolled, a link to #id scrolls to that element, any other navigation starts at the top.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  positions ??= readSaved();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        /* no storage */
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const remember = () => {
      positions![location.key] = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = positions![location.key];
    if (action === 'POP' && typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (el) {
        el.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location, action]);
  return null;
}
