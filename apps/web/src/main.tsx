import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import { i18nReady } from './lib/i18n';
import './styles/global.css';

// When index.html already fetches this address's page code (modulepreload links), the first render waits for it:
// the page then paints with the layout in one go instead of a spinner first (a failure just falls back to that).
const pageReady = document.querySelector('link[rel="modulepreload"]')
  ? preloadRoute(window.location.pathname).catch(() => undefined)
  : undefined;

// A visitor who chose Spanish before sees Spanish from the first paint.
// The first render is a transition: React renders it in slices and lets the browser breathe in between (no long
// task on a slow phone; docs/decisions/0800-web-bundle.md).
void Promise.all([i18nReady, pageReady]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers>
          <AppRouter />
        </Providers>
      </StrictMode>,
    ),
  );
});
