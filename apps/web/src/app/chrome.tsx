import { lazy, Suspense, useEffect, useState } from 'react';
import { afterPaint } from '../lib/after-paint';

/** The header and footer of every main page come from the storefront feature. */
export { Header as AppHeader, PageFilterBar as AppFilterBar } from '../features/storefront/components/header';

const Footer = lazy(async () => ({ default: (await import('../features/storefront/components/footer')).Footer }));

/**
 * The footer (with its help widget) is below the first screen (the main area is at least one screen high): its
 * code is its own chunk, asked for once the first screen has painted, not part of the first page's script
 * (docs/decisions/0800-web-bundle.md).
 */
export function AppFooter() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterPaint(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Footer />
    </Suspense>
  ) : null;
}
