/** The language of the plan texts an answer carries (the server answers in the Accept-Language the client sends). */
export type PlanTextLang = 'en' | 'es';

/** The catalog's query keys (no imports: the app's start-up seeding reads them without the catalog's code). */
export const catalogKeys = {
  menuPlans: (cats: string[], lang: PlanTextLang) => ['plans', 'menu', cats.join(','), lang] as const,
  /** The plans page of a quote (get-quote-plans): under 'plans', so a changed quote asks again. */
  quotePlans: (tempId: string | null, cats: string[], lang: PlanTextLang) => ['plans', 'quote', tempId, cats.join(','), lang] as const,
  detail: (id: number, lang: PlanTextLang) => ['plan-detail', id, lang] as const,
  pricing: (id: number, tempId: string | null) => ['plan-pricing', id, tempId] as const,
  info: (tempId: string | null, groupId: string | null) => ['group-agent-member-info', tempId, groupId] as const,
  answered: (id: number, tempId: string | null) => ['plan-answered', id, tempId] as const,
  aflac: (id: number, tempId: string | null) => ['plan-aflac', id, tempId] as const,
  related: (id: number, tempId: string | null, lang: PlanTextLang) => ['plan-related', id, tempId, lang] as const,
  tempDeps: (tempId: string | null) => ['temp-dependent-info', tempId] as const,
};

/** Public answers (no quote) stay fresh a few minutes, counted from when they were fetched (or the page was loaded). */
export const PUBLIC_STALE_MS = 5 * 60_000;
