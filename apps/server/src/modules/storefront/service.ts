import type { Kysely } from 'kysely';
import type sanitizeHtml from 'sanitize-html';
import { CATEGORIES } from '@store/domain/codes';
import { US_STATES } from '@store/domain/states';
import { TEXT } from '@store/domain/texts';
import type { TAgentRegistrationQuery } from '@store/domain/storefront';
import { translatedText, ZPlanTranslations, type PlanLang } from '@store/domain/plan-content';
import type { Database } from '../../db/schema.ts';
import type { KeyedCache } from '../../lib/cache.ts';
import { fieldError } from '../../lib/errors.ts';
import { memoizedSanitizer } from '../../lib/sanitize-html.ts';
import * as repo from './repository.ts';
import { mediaPath } from '../catalog/index.ts';

type Db = Kysely<Database>;

const SHORT_TEXT_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'span', 'small'],
  allowedAttributes: {},
};
const sanitizeShortText = memoizedSanitizer(SHORT_TEXT_HTML);
const mediaUrl = (logo: string | null) => (!logo ? null : /^(\/|https?:)/.test(logo) ? logo : `/media/${logo}`);

/** Whether a device left a lead (check-lead-information, and the session's answer, decision 2760). */
export const leadRecorded = async (db: Db, deviceId: string) => !!(await repo.findLead(db, deviceId));

/** A positive 32-bit id from loose input, else null. */
export const numOrNull = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n < 2_147_483_647 ? n : null;
};

/** The categories that have an active plan, in the menu's order (from the catalog's cache, dropped when plans change). */
export async function menuKeys(db: Db, catalogCache: KeyedCache) {
  const active = await catalogCache.get('menu-categories', () => repo.activeCategories(db));
  return CATEGORIES.filter((c) => active.has(c.key)).map((c) => c.key);
}

/** Featured plans a portal may show (plans limited to portals show only there), their short text in `lang` when it has one. */
export async function featuredPlans(db: Db, portalId: unknown, lang: PlanLang = 'en') {
  const portal = numOrNull(portalId);
  const plans = await repo.featuredPlans(db);
  return plans
    .filter((p) => {
      const portals = (p.rules as { portals?: number[] }).portals;
      return !portals || (portal !== null && portals.includes(portal));
    })
    .map((p) => ({
      plan_id: p.plan_id,
      plan_name: p.plan_name,
      // the content-hashed, immutable URL the plan cards use (modules/catalog/cache.ts), else the plain one
      plan_logo: p.plan_logo && p.logo_hash ? mediaPath(p.plan_logo, p.logo_hash) : mediaUrl(p.plan_logo),
      carrier: p.carrier,
      plan_short_text: sanitizeShortText(shortText(p, lang)),
      category: p.category,
      plan_group: p.plan_group,
    }));
}

/** The card's short text in the language asked: the plan's translation (decision 1950), else the English text. */
function shortText(p: { plan_short_text: string | null; translations: unknown }, lang: PlanLang): string {
  // jsonb: an object from both drivers
  const translations = ZPlanTranslations.safeParse(p.translations ?? {});
  return translatedText(p.plan_short_text ?? '', translations.success ? translations.data : null, lang, 'plan_short_text');
}

/** A referral link's rep or group and how to reach them; an unknown or expired link says so. */
export async function referralInfo(db: Db, id: string) {
  const r = await repo.findReferral(db, id);
  if (!r || !r.valid)
    return { referral_id: id, agent_id: null, group_id: null, portal_id: null, valid_referral_link: false, referrer_info: null };
  let referrer: { name: string; email: string | null; phone: string | null } | null = null;
  if (r.agent_id) {
    const a = await repo.referrerAgent(db, r.agent_id);
    if (a)
      referrer = {
        name: a.display_name ?? `${a.first_name} ${a.last_name}`,
        email: a.display_email ?? a.email,
        phone: a.display_phone ?? a.phone,
      };
  } else if (r.group_id) {
    const g = await repo.referrerGroup(db, r.group_id);
    if (g) referrer = { name: g.display_name ?? g.gname, email: g.display_email, phone: g.display_phone };
  }
  return {
    referral_id: r.referral_id,
    agent_id: r.agent_id,
    group_id: r.group_id,
    portal_id: r.portal_id,
    valid_referral_link: true,
    referrer_info: referrer,
  };
}

/** The state of a rep sign-up request, checked against the list of states (upper case). */
export function signupState(body: TAgentRegistrationQuery) {
  const state = body.state.toUpperCase();
  if (!US_STATES.some((s) => s.abbrev === state)) throw fieldError('state', TEXT.FIELD_REQUIRED);
  return state;
}

/** Saves a rep sign-up request. */
export async function insertSignupQuery(db: Db, body: TAgentRegistrationQuery, state: string) {
  await db
    .transaction()
    .execute((trx) => repo.insertSignupQuery(trx, { name: body.name, state, phone: body.phone, email: body.email.toLowerCase() }));
}

/** The help chat: the next question not yet answered on this device, and the answers so far. */
export async function chatState(db: Db, deviceId: string) {
  const [questions, answers] = await Promise.all([repo.chatQuestions(db), repo.chatAnswers(db, deviceId)]);
  const answered = new Set(answers.map((a) => a.question_id));
  return {
    question: questions.find((q) => !answered.has(q.id)) ?? null,
    answer: answers.map((a) => ({ id: a.id, question_id: a.question_id, answer: a.answer, assistant_question: { question: a.question } })),
  };
}

export async function addChatAnswer(
  db: Db,
  b: { device_id: string; agent_id?: string | number | null; question_id: number; answer: string; web_url?: string | null },
) {
  const question = await repo.activeChatQuestion(db, b.question_id);
  if (!question) throw fieldError('question_id', 'This question is no longer asked.');
  const saved = await db.transaction().execute((trx) =>
    repo.saveChatAnswer(trx, {
      device_id: b.device_id,
      agent_id: numOrNull(b.agent_id),
      question_id: b.question_id,
      answer: b.answer,
      web_url: b.web_url ?? null,
    }),
  );
  return { ...saved, assistant_question: { question: question.question } };
}
