/** The catalog's query keys (no imports: the app's start-up seeding reads them without the catalog's code). */
export const catalogKeys = {
  plans: (tempId: string | null, cats: string[]) => ['plans', 'filtered', tempId, cats.join(',')] as const,
  menuPlans: (cats: string[]) => ['plans', 'menu', cats.join(',')] as const,
  leftFields: (tempId: string | null) => ['plans', 'left-fields', tempId] as const,
  detail: (id: number) => ['plan-detail', id] as const,
  pricing: (id: number, tempId: string | null) => ['plan-pricing', id, tempId] as const,
  info: (tempId: string | null, groupId: string | null) => ['group-agent-member-info', tempId, groupId] as const,
  answered: (id: number, tempId: string | null) => ['plan-answered', id, tempId] as const,
  aflac: (id: number, tempId: string | null) => ['plan-aflac', id, tempId] as const,
  related: (id: number, tempId: string | null) => ['plan-related', id, tempId] as const,
  tempDeps: (tempId: string | null) => ['temp-dependent-info', tempId] as const,
};

/** Public answers (no quote) stay fresh a few minutes, counted from when they were fetched (or the page was loaded). */
export const PUBLIC_STALE_MS = 5 * 60_000;
