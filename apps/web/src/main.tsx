import './lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { AppRouter } from './app/router';
import { i18nReady } from './lib/i18n';
import './styles/global.css';

// A visitor who chose Spanish before sees Spanish from the first paint.
// The first render is a transition: React renders it in slices and lets the browser breathe in between (no long
// task on a slow phone; docs/decisions/0800-web-bundle.md).
void i18nReady.then(() => {
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
