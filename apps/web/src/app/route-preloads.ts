/**
 * Which lazy page a first visit to an address needs (docs/decisions/0800-web-bundle.md). The build turns this into
 * dist/preload.json (the page's chunk, the chunks it imports and its style sheets) and the server puts
 * <link rel="modulepreload"> for them into index.html, so the page's code downloads beside the main script instead
 * of after it. Only a hint: an address missing here just loads its page a round trip later.
 * Patterns are matched against the path, with or without the landing-name prefix.
 */
export const ROUTE_PRELOADS: readonly { pattern: string; module: string; preload?: false }[] = [
  { pattern: '^(?:/[^/]+)?/plans/?$', module: 'src/features/catalog/plans-page.tsx' },
  { pattern: '^(?:/[^/]+)?/plan/\\d+(?:/[^/]*)?/?$', module: 'src/features/catalog/plan-detail-page.tsx' },
  { pattern: '^(?:/[^/]+)?/cart/?$', module: 'src/features/cart/components/cart-page.tsx' },
  // The wizard's code (about 70 kB gzip in four files) is not fetched beside the main script: sharing a slow line
  // with it, it held back the first paint of the header and banner by half a second. The page paints its frame
  // first and fetches the wizard once painted (lazyPage's afterFirstPaint, features/enrollment/routes.tsx).
  { pattern: '^(?:/[^/]+)?/enrollment/', module: 'src/features/enrollment/wizard/wizard-page.tsx', preload: false },
  { pattern: '^/sign-in/?$', module: 'src/features/auth/sign-in-page.tsx' },
];
