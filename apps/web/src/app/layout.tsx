import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ScrollRestoration } from './scroll-restoration';
import { Spinner } from '../components/ui/alert';
import { SiteProvider } from '../lib/site/site-context';
import { useStartup } from '../lib/site/use-startup';
import { LandingGate } from '../lib/site/landing-gate';
import { AppHeader, AppFilterBar, AppFooter } from './chrome';
import { firstScreenCommitted } from '../lib/after-paint';
import { lazyOnEvent } from '../lib/lazy';
import { OPEN_HELP_FIND_PLAN } from '../lib/quote/ui';

/** The catalog's 'Help me find a plan' dialog: its code comes with the first opening (from the home page). */
const HelpFindPlanDialog = lazyOnEvent(() => import('../features/catalog/compare/help-find-plan-modal'), 'HelpFindPlanDialog', [
  OPEN_HELP_FIND_PLAN,
]);

/**
 * Start-up runs once for every page; the site (by host) is known before anything renders. Under a landing-name
 * prefix (router.tsx) the landing is checked before its pages show.
 */
export function RootLayout({ landing }: { landing: string | null }) {
  // The API's requests start once this first screen has been painted (lib/after-paint.ts).
  useEffect(firstScreenCommitted, []);
  return (
    <SiteProvider>
      {landing ? (
        <LandingGate landing={landing}>
          <Startup />
        </LandingGate>
      ) : (
        <Startup />
      )}
      <ScrollRestoration />
    </SiteProvider>
  );
}

function Startup() {
  const ready = useStartup();
  if (!ready) return <Spinner />;
  return <Outlet />;
}

export function MainLayout() {
  const { t } = useTranslation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('Skip to content')}
      </a>
      <AppHeader />
      <main id="main" className="app-main" tabIndex={-1}>
        <AppFilterBar />
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
      <HelpFindPlanDialog />
    </div>
  );
}

/** The error route and the landing-config-error route hide the default header and footer. */
export function BareLayout() {
  return (
    <main id="main" className="app-main bare">
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
