/**
 * Structured benefits of the demo plans (issue 10: comparison, yearly cost estimate, recommendation), matching
 * the copy of demo-catalog.ts. Pure data; plans without an entry have no structured benefits.
 */
import type { TPlanBenefits } from '@store/domain/compare';
import { PLAN_IDS } from './demo-catalog.ts';

const DENTAL_NETWORK = 'National PPO network with 75% of dentists';
const VISION_NETWORK = 'National vision network of independent and retail providers';
const dollars = (n: number) => n * 100;

/** A vision plan: copays for the exam and lenses (null: lenses not covered), allowances for frames and contacts, in dollars. */
function vision(d: { exam: number; lenses: number | null; frames: number; contacts: number }): TPlanBenefits {
  const now = { deductible_applies: false, waiting_months: 0 };
  return {
    annual_max_cents: null,
    deductible_cents: null,
    network: VISION_NETWORK,
    out_of_network: true,
    covers: [
      { service: 'eye_exam', copay_cents: dollars(d.exam), ...now },
      ...(d.lenses === null ? [] : [{ service: 'lenses' as const, copay_cents: dollars(d.lenses), ...now }]),
      { service: 'frames', allowance_cents: dollars(d.frames), ...now },
      { service: 'contacts', allowance_cents: dollars(d.contacts), ...now },
    ],
  };
}

/** A life plan: its death benefit and term (null: whole life), in dollars. */
const life = (coverage: number, term: number | null): TPlanBenefits => ({
  annual_max_cents: null,
  deductible_cents: null,
  network: '',
  out_of_network: false,
  covers: [],
  coverage_cents: dollars(coverage),
  term_years: term,
});

/** A supplemental plan: what it pays per event, [English label, Spanish label, dollars]. */
const pays = (...amounts: [string, string, number][]): TPlanBenefits => ({
  annual_max_cents: null,
  deductible_cents: null,
  network: '',
  out_of_network: false,
  covers: [],
  benefit_amounts: amounts.map(([label, label_es, amount]) => ({ label, label_es, amount_cents: dollars(amount) })),
});

export const DEMO_BENEFITS: Partial<Record<number, TPlanBenefits>> = {
  [PLAN_IDS.dentalEssentials]: {
    annual_max_cents: dollars(1000),
    deductible_cents: dollars(50),
    network: DENTAL_NETWORK,
    out_of_network: true,
    covers: [
      { service: 'preventive', percent: 100, deductible_applies: false, waiting_months: 0 },
      { service: 'basic', percent: 80, deductible_applies: true, waiting_months: 0 },
      { service: 'major', percent: 50, deductible_applies: true, waiting_months: 12 },
    ],
  },
  [PLAN_IDS.dentalPreferredPlus]: {
    annual_max_cents: dollars(2500),
    deductible_cents: dollars(50),
    network: DENTAL_NETWORK,
    out_of_network: true,
    covers: [
      { service: 'preventive', percent: 100, deductible_applies: false, waiting_months: 0 },
      { service: 'basic', percent: 85, deductible_applies: true, waiting_months: 0 },
      { service: 'major', percent: 60, deductible_applies: true, waiting_months: 6 },
      { service: 'orthodontia', percent: 50, deductible_applies: false, waiting_months: 12 },
    ],
  },
  [PLAN_IDS.dentalVisionBundle]: {
    annual_max_cents: dollars(1500),
    deductible_cents: dollars(50),
    network: 'National PPO network with 75% of dentists and a national vision network',
    out_of_network: true,
    covers: [
      { service: 'preventive', percent: 100, deductible_applies: false, waiting_months: 0 },
      { service: 'basic', percent: 80, deductible_applies: true, waiting_months: 0 },
      { service: 'major', percent: 50, deductible_applies: true, waiting_months: 12 },
      { service: 'eye_exam', copay_cents: dollars(10), deductible_applies: false, waiting_months: 0 },
      { service: 'lenses', copay_cents: dollars(25), deductible_applies: false, waiting_months: 0 },
      { service: 'frames', allowance_cents: dollars(150), deductible_applies: false, waiting_months: 0 },
    ],
  },
  [PLAN_IDS.premierDentalL713]: {
    annual_max_cents: dollars(3000),
    deductible_cents: dollars(50),
    network: DENTAL_NETWORK,
    out_of_network: true,
    covers: [
      { service: 'preventive', percent: 100, deductible_applies: false, waiting_months: 0 },
      { service: 'basic', percent: 90, deductible_applies: false, waiting_months: 0 },
      { service: 'major', percent: 60, deductible_applies: true, waiting_months: 0 },
      { service: 'orthodontia', percent: 50, deductible_applies: false, waiting_months: 0 },
    ],
  },
  [PLAN_IDS.visionClear]: vision({ exam: 10, lenses: 25, frames: 150, contacts: 150 }),
  [PLAN_IDS.visionSelect]: vision({ exam: 0, lenses: 0, frames: 200, contacts: 200 }),
  [PLAN_IDS.visionLegacy]: vision({ exam: 15, lenses: null, frames: 100, contacts: 100 }),
  [PLAN_IDS.visionPlus]: vision({ exam: 0, lenses: 0, frames: 250, contacts: 150 }),
  [PLAN_IDS.medicalBridgeTx]: {
    annual_max_cents: null,
    deductible_cents: dollars(2500),
    network: 'Statewide PPO network in Texas',
    out_of_network: false,
    covers: [],
  },
  [PLAN_IDS.medicalAccessPlus]: {
    annual_max_cents: null,
    deductible_cents: dollars(5000),
    network: 'Nationwide PPO network',
    out_of_network: true,
    covers: [],
  },
  // Issue 25: the key numbers of life and supplemental plans' cards, matching their copy.
  [PLAN_IDS.termLife100k]: life(100_000, 10),
  [PLAN_IDS.guaranteedIssueLife]: life(25_000, null),
  [PLAN_IDS.limitedMedMetro]: pays(['Urgent care visit', 'Visita de urgencias', 100], ['Lab work', 'Análisis de laboratorio', 50]),
  [PLAN_IDS.limitedMedEssentials]: pays(
    ['Doctor visit', 'Consulta médica', 50],
    ['Hospital stay, per day', 'Hospitalización, por día', 500],
  ),
  [PLAN_IDS.supplementalCare]: pays(
    ['Hospital admission', 'Ingreso hospitalario', 1000],
    ['Outpatient surgery', 'Cirugía ambulatoria', 500],
    ['Emergency-room visit', 'Visita a la sala de emergencias', 150],
  ),
  [PLAN_IDS.incomeProtectDi]: pays(['Monthly benefit, up to', 'Beneficio mensual, hasta', 3000]),
  [PLAN_IDS.criticalIllnessGuard]: pays(
    ['Lump sum, from', 'Suma global, desde', 10_000],
    ['Lump sum, up to', 'Suma global, hasta', 25_000],
  ),
  [PLAN_IDS.accidentShield]: pays(
    ['Fracture', 'Fractura', 1000],
    ['Emergency-room visit', 'Visita a la sala de emergencias', 150],
    ['Physical therapy session', 'Sesión de fisioterapia', 35],
  ),
  [PLAN_IDS.hospitalSeniorIndemnity]: pays(
    ['Hospital admission', 'Ingreso hospitalario', 1500],
    ['Each day in hospital', 'Cada día en el hospital', 200],
  ),
  [PLAN_IDS.petCompanion]: pays(['Yearly limit', 'Límite anual', 10_000], ['Annual deductible', 'Deducible anual', 250]),
  [PLAN_IDS.hospitalAdvantage]: pays(
    ['Hospital admission', 'Ingreso hospitalario', 1000],
    ['Each day in hospital', 'Cada día en el hospital', 100],
  ),
};
