/**
 * A plan's texts in each language of the store (issue 25): English lives in the plan's own columns, the other
 * languages in plans.translations (migration 1950), one object per language with the same fields. An empty or
 * absent field shows the English text. Pure, zod only.
 */
import { z } from 'zod';

export const PLAN_LANGS = ['en', 'es'] as const;
export type PlanLang = (typeof PLAN_LANGS)[number];
/** Languages other than English, whose texts are in plans.translations. */
export const TRANSLATED_LANGS = ['es'] as const;

/** The plan texts that are HTML (formatting, lists, tables and links only; the server sanitizes them). */
export const PLAN_HTML_FIELDS = [
  'plan_short_text',
  'body_text',
  'association_text',
  'exclusions_text',
  'example_text',
  'faq_text',
] as const;
/** The plan texts that are plain text (headlines and section titles). */
export const PLAN_LINE_FIELDS = ['header_text', 'blue_bar_text', 'exclusions_text_name', 'example_text_name', 'faq_text_name'] as const;
export const PLAN_TRANSLATED_FIELDS = [...PLAN_LINE_FIELDS, ...PLAN_HTML_FIELDS] as const;
export type PlanTranslatedField = (typeof PLAN_TRANSLATED_FIELDS)[number];

const html = z.string().trim().max(20000).optional();
const line = z.string().trim().max(300).optional();

/** A plan's texts in one language other than English. */
export const ZPlanTranslation = z
  .object({
    plan_short_text: html,
    header_text: line,
    body_text: html,
    blue_bar_text: line,
    association_text: html,
    exclusions_text_name: z.string().trim().max(120).optional(),
    exclusions_text: html,
    example_text_name: z.string().trim().max(120).optional(),
    example_text: html,
    faq_text_name: z.string().trim().max(120).optional(),
    faq_text: html,
  })
  .strict();
export type TPlanTranslation = z.infer<typeof ZPlanTranslation>;

/** plans.translations: the texts per language other than English. */
export const ZPlanTranslations = z.object({ es: ZPlanTranslation.optional() }).strict();
export type TPlanTranslations = z.infer<typeof ZPlanTranslations>;

/** A plan's text in a language: the translation when it has one, else the English text. */
export function translatedText<T extends string | null>(
  english: T,
  translations: TPlanTranslations | null | undefined,
  lang: PlanLang,
  field: PlanTranslatedField,
): string | T {
  if (lang === 'en') return english;
  const text = translations?.[lang]?.[field];
  return text ? text : english;
}
