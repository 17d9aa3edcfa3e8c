import { lazy, Suspense, type ComponentProps } from 'react';
import { Spinner } from '../ui/alert';

/**
 * ChargeLines for the enrollment steps (billing, review, receipt): its code sits in the cart page's file (vite.config.ts)
 * and loads when one of them shows it, so the wizard's first step loads no extra file.
 */
const ChargeLinesView = lazy(() => import('./charge-lines').then((m) => ({ default: m.ChargeLines })));

export function LazyChargeLines(props: ComponentProps<typeof ChargeLinesView>) {
  return (
    <Suspense fallback={<Spinner />}>
      <ChargeLinesView {...props} />
    </Suspense>
  );
}
