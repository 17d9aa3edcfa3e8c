/**
 * The demo plans' texts in Spanish (issue 25; demo-data.md, Plans): the same facts as the English copy of
 * demo-catalog.ts, shaped into plans.translations (ZPlanTranslations of @store/domain/plan-content). Pure data.
 * Plan names are brands and stay as they are; a field left out shows the English text.
 */
import type { TPlanTranslations } from '@store/domain/plan-content';
import { PLANS_ES_HEALTH } from './demo-copy-es-health.ts';
import { PLANS_ES_MEDICAL } from './demo-copy-es-medical.ts';
import { PLANS_ES_MORE } from './demo-copy-es-more.ts';
import { faqHtml, ps, ul } from './copy-html.ts';

export interface PlanCopyEs {
  short: string[];
  blueBar: string;
  body: string[];
  exclusions: string[];
  exclusionsNote?: string;
  /** The title of the example; default "Cómo funciona {name}". */
  exampleName?: string;
  name: string;
  example: string[];
  faq: [string, string][];
  association?: string;
}

const ASSOCIATION_TEXT_ES =
  'Este plan está disponible para los miembros de una asociación nacional de bienestar. La membresía cuesta $5 al mes e incluye descuentos para miembros, recursos de bienestar y servicios de apoyo que ya usan más de 100,000 miembros.';

function translation(c: PlanCopyEs): TPlanTranslations {
  return {
    es: {
      plan_short_text: ul(c.short),
      blue_bar_text: c.blueBar,
      body_text: ps(c.body),
      association_text: c.association ?? ASSOCIATION_TEXT_ES,
      exclusions_text_name: 'Exclusiones y limitaciones',
      exclusions_text: ul(c.exclusions) + (c.exclusionsNote ? ps([c.exclusionsNote]) : ''),
      example_text_name: c.exampleName ?? `Cómo funciona ${c.name}`,
      example_text: ps(c.example),
      faq_text_name: 'Preguntas frecuentes',
      faq_text: faqHtml(c.faq, ['P', 'R']),
    },
  };
}

/** plans.translations of every demo plan, by plan id. */
export const DEMO_TRANSLATIONS: Record<number, TPlanTranslations> = Object.fromEntries(
  Object.entries({ ...PLANS_ES_HEALTH, ...PLANS_ES_MEDICAL, ...PLANS_ES_MORE }).map(([id, copy]) => [Number(id), translation(copy)]),
);
