/**
 * The demo plan catalog (demo-data.md, Plans): pure data, no database access.
 * Names, ids and rules are fixed: tests import PLAN_IDS and rely on them.
 */
import type { DemoPlan } from './types.ts';
import { faqHtml, ps, ul } from './copy-html.ts';

/** Stable plan ids: the hundreds follow the order of CATEGORIES in @store/domain/codes. */
export const PLAN_IDS = {
  // dental
  dentalEssentials: 101,
  dentalPreferredPlus: 102,
  dentalVisionBundle: 103,
  dentalEssentials2024: 104,
  premierDentalL713: 105,
  // vision
  visionClear: 201,
  visionSelect: 202,
  visionLegacy: 203,
  visionPlus: 204,
  // medical
  medicalBridgeTx: 301,
  medicalAccessPlus: 302,
  // term_life
  termLife100k: 401,
  // limitedmed
  limitedMedMetro: 501,
  limitedMedEssentials: 502,
  // rx
  rxSaver: 601,
  // lifestyle
  lifestyleWellness: 701,
  associationMembership: 702,
  // supplemental
  supplementalCare: 801,
  // di
  incomeProtectDi: 901,
  // critical
  criticalIllnessGuard: 1001,
  // accident
  accidentShield: 1101,
  // hospital
  hospitalSeniorIndemnity: 1201,
  hospitalAdvantage: 1202,
  // pet
  petCompanion: 1301,
  // guaranteed
  guaranteedIssueLife: 1401,
} as const;

/** Monthly membership fee of the national wellness association, in cents. */
export const MEMBERSHIP_FEE_CENTS = 500;

/** Option ids of the Critical Illness Guard checkbox question (unique across the catalog). */
export const CRITICAL_OPTION_IDS = {
  heartAttack60: 100101,
  stroke60: 100102,
  kidneyFailure60: 100103,
  heartAttack75: 100111,
  stroke75: 100112,
  kidneyFailure75: 100113,
} as const;

export const DEMO_MESSAGES = {
  visionSelectPortal: 'Vision Select is only offered through the Elevate Benefits portal.',
  visionLegacyBlackout: 'Vision Legacy is in a blackout period and cannot be added to the cart right now.',
  guaranteedAge: 'Guaranteed Issue Life is available to applicants aged 80 or younger.',
  criticalCancerDecline: 'We are unable to offer Critical Illness Guard to applicants treated for cancer.',
} as const;

// ---------------------------------------------------------------------------
// Helpers (deterministic; they only shape the data below)

type Tier = 'IO' | 'IS' | 'IC' | 'IF' | 'IC3';
type Rate = DemoPlan['rates'][number];
type Band = [number, number];

const ALL_TIERS: Tier[] = ['IO', 'IS', 'IC', 'IF'];
/** Price of each tier relative to Member Only (strictly increasing). */
const TIER_FACTOR: Record<Tier, number> = { IO: 1, IS: 1.8, IC: 2.05, IF: 2.6, IC3: 2.4 };
const STANDARD_BANDS: Band[] = [
  [18, 29],
  [30, 39],
  [40, 49],
  [50, 64],
  [65, 99],
];

/** Rounds to a retail-looking price in cents, e.g. 2399. */
const retail = (cents: number) => Math.max(99, Math.round(cents / 100) * 100 - 1);

function rateTable(opts: {
  /** Member Only price in cents for each band. */
  base: number[];
  bands?: Band[];
  tiers?: Tier[];
  /** When set, a non-smoker table and a smoker table (base times smokerFactor). */
  smokerFactor?: number;
  labels?: Partial<Record<Tier, string>>;
}): Rate[] {
  const bands = opts.bands ?? STANDARD_BANDS;
  if (bands.length !== opts.base.length) throw new Error('rateTable: one base price per age band');
  const tiers = opts.tiers ?? ALL_TIERS;
  const smokerRows: (boolean | null)[] = opts.smokerFactor ? [false, true] : [null];
  const rows: Rate[] = [];
  for (const smoker of smokerRows) {
    for (const tier of tiers) {
      bands.forEach(([age_min, age_max], i) => {
        const base = opts.base[i] * (smoker ? (opts.smokerFactor ?? 1) : 1);
        const row: Rate = { tier, age_min, age_max, state: null, smoker, price_cents: retail(base * TIER_FACTOR[tier]) };
        const label = opts.labels?.[tier];
        if (label) row.label = label;
        rows.push(row);
      });
    }
  }
  return rows;
}

const ASSOCIATION_TEXT =
  'This plan is available to members of a national wellness association. Membership is $5 per month and adds member discounts, wellness resources and advocacy services already used by more than 100,000 members.';

interface PlanCopy {
  plan_id: number;
  plan_name: string;
  category: string;
  carrier: string;
  short: string[];
  blueBar: string;
  body: string[];
  exclusions: string[];
  /** Optional closing paragraph below the exclusions list. */
  exclusionsNote?: string;
  exampleName?: string;
  example: string[];
  faq: [string, string][];
  association?: string;
  featured?: boolean;
  plan_group?: DemoPlan['plan_group'];
  rules?: DemoPlan['rules'];
  rates: Rate[];
  questions?: DemoPlan['questions'];
}

function plan(c: PlanCopy): Omit<DemoPlan, 'sort_order'> {
  const p: Omit<DemoPlan, 'sort_order'> = {
    plan_id: c.plan_id,
    plan_name: c.plan_name,
    category: c.category,
    carrier: c.carrier,
    plan_logo: `plan-logo-${c.plan_id}.svg`,
    plan_short_text: ul(c.short),
    header_text: c.plan_name,
    body_text: ps(c.body),
    blue_bar_text: c.blueBar,
    association_text: c.association ?? ASSOCIATION_TEXT,
    exclusions_text_name: 'Exclusions and Limitations',
    exclusions_text: ul(c.exclusions) + (c.exclusionsNote ? ps([c.exclusionsNote]) : ''),
    example_text_name: c.exampleName ?? `How ${c.plan_name} Works`,
    example_text: ps(c.example),
    faq_text_name: 'Frequently Asked Questions',
    faq_text: faqHtml(c.faq),
    featured: c.featured ?? false,
    plan_group: c.plan_group ?? null,
    rules: c.rules ?? {},
    rates: c.rates,
  };
  if (c.questions) p.questions = c.questions;
  return p;
}

// ---------------------------------------------------------------------------
// Shared copy by kind

const DENTAL_CARRIER = 'National Dental Carrier';
const VISION_CARRIER = 'National Vision Carrier';

const DENTAL_EXCLUSIONS = [
  'Cosmetic procedures such as teeth whitening, bonding for cosmetic purposes and veneers',
  'Replacement of teeth missing before the coverage effective date (missing tooth clause)',
  'Treatment started before the coverage effective date',
  'Services covered by workers\u2019 compensation or a government program',
  'Replacement of lost or stolen appliances',
];
const DENTAL_EXCLUSIONS_NOTE =
  'Frequency limits apply: two routine exams and cleanings per calendar year, bitewing x-rays once per year and a full-mouth x-ray once every five years. See the certificate of coverage for the complete list.';

const dentalFaq = (name: string, extra: [string, string][] = []): [string, string][] => [
  [
    `Can I keep my current dentist with ${name}?`,
    'Very likely. The plan uses a national PPO network that includes 75% of dentists nationwide. You can also visit an out-of-network dentist; benefits are then paid from the plan\u2019s schedule of allowances and you may owe the difference.',
  ],
  [
    'When does my coverage start?',
    'Coverage starts on the effective date you choose in the cart, which is always the first of a month. Your ID card is e-mailed within a few days of enrollment.',
  ],
  ...extra,
  [
    'Can I cancel at any time?',
    'Yes. There is no long-term contract. Contact member services before your next billing date and coverage ends at the end of the paid month.',
  ],
  [
    'Why is there a membership fee?',
    'Access to the plan is a benefit of membership in a national wellness association. The $5 monthly membership fee is shown separately in your order information.',
  ],
];

const visionFaq = (name: string, extra: [string, string][] = []): [string, string][] => [
  [
    `Where can I use ${name}?`,
    'At thousands of independent optometrists and major retail optical chains in the national vision network. Use the Provider Search on the provider list page to find one near you.',
  ],
  [
    'Can I see an out-of-network eye doctor?',
    'Yes. Pay the provider, then send the itemized receipt to the carrier for reimbursement up to the out-of-network allowances listed in the certificate.',
  ],
  ...extra,
  [
    'Do I need an ID card at my appointment?',
    'No. In-network providers can verify eligibility with your name and date of birth, but your digital ID card is available in the member portal.',
  ],
];

const VISION_EXCLUSIONS = [
  'Medical or surgical treatment of the eyes (covered by your medical plan)',
  'Non-prescription (plano) lenses and sunglasses, except as stated',
  'Replacement of lost or broken lenses or frames outside the normal benefit frequency',
  'Orthoptic or vision training and supplemental testing',
  'LASIK and other corrective surgery, which are available at a member discount instead',
];

// ---------------------------------------------------------------------------
// The catalog

const PLANS: Omit<DemoPlan, 'sort_order'>[] = [
  // ----- Dental -----
  plan({
    plan_id: PLAN_IDS.dentalEssentials,
    plan_name: 'Dental Essentials',
    category: 'dental',
    carrier: DENTAL_CARRIER,
    featured: true,
    plan_group: 'low_deductible',
    short: [
      'Preventive exams and cleanings covered at 100% in network',
      'Low $50 annual deductible',
      'National PPO network with 75% of dentists nationwide',
    ],
    blueBar: 'Dental Essentials: low-deductible coverage for everyday dental care',
    body: [
      'Dental Essentials is a straightforward dental plan built around prevention. Routine exams, cleanings and x-rays are covered at 100% when you visit an in-network dentist, with no waiting period for preventive care.',
      'Basic services such as fillings and simple extractions are covered at 80% after a low $50 annual deductible, and major services such as crowns and bridges at 50% after a 12-month waiting period. The plan pays up to $1,000 per person each calendar year.',
      'The plan uses a national PPO network that includes 75% of dentists nationwide, so most members can keep the dentist they already know. Coverage is available in every state, for individuals, couples and families.',
    ],
    exclusions: [...DENTAL_EXCLUSIONS, 'Orthodontic treatment'],
    exclusionsNote: DENTAL_EXCLUSIONS_NOTE,
    example: [
      'Maria visits an in-network dentist for her six-month check-up. The exam, cleaning and bitewing x-rays are preventive care, so the plan pays 100% and Maria owes nothing.',
      'At the visit the dentist finds a cavity. The in-network fee for the filling is $150. Maria pays her $50 deductible; the plan pays 80% of the remaining $100 ($80) and Maria pays $20, for a total of $70 instead of $150.',
    ],
    faq: dentalFaq('Dental Essentials', [
      [
        'Is there a waiting period?',
        'Not for preventive or basic care. Major services such as crowns, bridges and dentures have a 12-month waiting period.',
      ],
    ]),
    // Issue 26: the one plan rated for IC3, the child tier of three or more children (enrollment.md 4.7, 9).
    rates: rateTable({ base: [2400, 2550, 2700, 2950, 3200], tiers: [...ALL_TIERS, 'IC3'] }),
  }),
  plan({
    plan_id: PLAN_IDS.dentalPreferredPlus,
    plan_name: 'Dental Preferred Plus',
    category: 'dental',
    carrier: DENTAL_CARRIER,
    featured: true,
    plan_group: 'high_annual_maximum',
    short: ['$2,500 annual maximum per person', 'Major services covered at 60% after 6 months', 'Child orthodontia included'],
    blueBar: 'Dental Preferred Plus: a high annual maximum for major dental work',
    body: [
      'Dental Preferred Plus is designed for members who expect more than routine care. With a $2,500 annual maximum per person, it leaves room for crowns, root canals, bridges and implants in the same year.',
      'Preventive care is covered at 100% from day one, basic services at 85% and major services at 60% after a 6-month waiting period. Orthodontic treatment for children under 19 is covered at 50% up to a $1,500 lifetime maximum.',
      'Unused benefits roll over: if you use less than half of your annual maximum, part of the balance is carried into the next year, up to $1,000.',
    ],
    exclusions: DENTAL_EXCLUSIONS,
    exclusionsNote: 'Orthodontia is limited to dependent children under age 19 and to a $1,500 lifetime maximum. ' + DENTAL_EXCLUSIONS_NOTE,
    example: [
      'James needs a crown on a molar. The in-network fee is $1,100. After his $50 deductible the plan pays 60% of $1,050 ($630) and James pays $470.',
      'Later that year he needs a root canal on another tooth ($900 in network). Because his annual maximum is $2,500, the plan still has $1,870 available and pays its share again.',
    ],
    faq: dentalFaq('Dental Preferred Plus', [
      [
        'Are implants covered?',
        'Yes. Implants are a major service, covered at 60% after the 6-month waiting period, subject to the annual maximum.',
      ],
      [
        'How does the benefit rollover work?',
        'If your claims in a year stay below $1,250, $500 of the unused maximum is added to the next year, accumulating up to $1,000.',
      ],
    ]),
    rates: rateTable({ base: [3100, 3250, 3400, 3650, 3900] }),
  }),
  plan({
    plan_id: PLAN_IDS.dentalVisionBundle,
    plan_name: 'Dental + Vision Bundle',
    category: 'dental',
    carrier: 'National Dental and Vision Carrier',
    featured: true,
    plan_group: 'bundled',
    short: ['Dental and vision coverage in one monthly price', 'Annual eye exam for a $10 copay', '$150 frame allowance every 12 months'],
    blueBar: 'Dental + Vision Bundle: two essential benefits, one simple plan',
    body: [
      'The Dental + Vision Bundle combines a full dental plan with a vision plan, so you manage one enrollment, one ID card and one monthly payment.',
      'Dental benefits include preventive care at 100%, basic services at 80% and major services at 50%, with a $1,500 annual maximum per person. Vision benefits include a yearly eye exam for a $10 copay, lenses every 12 months and a $150 allowance toward frames or contact lenses.',
      'Both benefits use national networks: 75% of dentists nationwide for dental, and independent and retail eye-care providers for vision.',
    ],
    exclusions: [...DENTAL_EXCLUSIONS, 'Orthodontic treatment', 'LASIK and other corrective eye surgery (member discount available)'],
    exclusionsNote: DENTAL_EXCLUSIONS_NOTE,
    example: [
      'The Johnson family visits the dentist for cleanings and the eye doctor for annual exams. Dental preventive care is paid at 100%, and each eye exam costs a $10 copay.',
      'Their son chooses frames priced at $190. The plan pays the $150 frame allowance and the family pays the $40 difference, less a 20% member discount on the overage.',
    ],
    faq: dentalFaq('the Dental + Vision Bundle', [
      [
        'Can I buy the vision part on its own?',
        'Yes, standalone vision plans such as Vision Clear are also available. The bundle costs less than buying comparable plans separately.',
      ],
    ]),
    rates: rateTable({ base: [3600, 3800, 4000, 4300, 4600] }),
  }),
  plan({
    plan_id: PLAN_IDS.dentalEssentials2024,
    plan_name: 'Dental Essentials 2024',
    category: 'dental',
    carrier: DENTAL_CARRIER,
    short: ['Previous edition of Dental Essentials', 'Replaced by the current Dental Essentials plan'],
    blueBar: 'Dental Essentials 2024: this plan has been replaced by Dental Essentials',
    body: [
      'Dental Essentials 2024 was the 2024 edition of our low-deductible dental plan. It is no longer offered to new members.',
      'When you price this plan you are shown the current Dental Essentials plan instead, which keeps the same preventive benefits and adds a higher annual maximum.',
    ],
    exclusions: [...DENTAL_EXCLUSIONS, 'Orthodontic treatment'],
    exclusionsNote: DENTAL_EXCLUSIONS_NOTE,
    example: [
      'Existing members of Dental Essentials 2024 keep their coverage until renewal. New enrollments are directed to Dental Essentials.',
    ],
    faq: dentalFaq('Dental Essentials 2024', [
      [
        'Why am I shown a different plan?',
        'Dental Essentials 2024 has been retired and replaced by Dental Essentials, which is priced and enrolled in its place.',
      ],
    ]),
    rules: { replacedBy: PLAN_IDS.dentalEssentials },
    rates: rateTable({ base: [2300, 2450, 2600, 2850, 3100] }),
  }),
  plan({
    plan_id: PLAN_IDS.premierDentalL713,
    plan_name: 'Premier Dental L713',
    category: 'dental',
    carrier: DENTAL_CARRIER,
    short: ['No deductible on preventive and basic care', '$3,000 annual maximum per person', 'Member + 1 Child option for single parents'],
    blueBar: 'Premier Dental L713: our richest dental coverage',
    body: [
      'Premier Dental L713 is our most comprehensive dental plan. Preventive and basic services have no deductible, major services are covered at 60% from the first day, and the annual maximum is $3,000 per person.',
      'The plan offers a Member + 1 Child tier priced for single parents with one child. Covering a spouse requires the spouse\u2019s details when you add dependents.',
      'Implants, dentures and periodontal surgery are included, as is orthodontia for children under 19 at 50% up to a $2,000 lifetime maximum.',
    ],
    exclusions: DENTAL_EXCLUSIONS,
    exclusionsNote: 'The Member + 1 Child tier covers exactly one dependent child. ' + DENTAL_EXCLUSIONS_NOTE,
    example: [
      'Dana enrolls with her 10-year-old son under the Member + 1 Child tier. His sealants and cleanings are paid at 100%, and his fillings at 90% with no deductible.',
      'Two years later he needs braces costing $5,000. The plan pays 50% up to the $2,000 lifetime orthodontic maximum.',
    ],
    faq: dentalFaq('Premier Dental L713', [
      [
        'What is the Member + 1 Child tier?',
        'A lower-priced tier for one adult and one child. Choose Me & My Children and add exactly one child.',
      ],
      ['Is there a waiting period for major services?', 'No. Major services are covered at 60% from your effective date.'],
    ]),
    rules: { premier: true },
    rates: rateTable({ base: [4200, 4400, 4600, 4900, 5200], labels: { IC: 'Member + 1 Child' } }),
  }),

  // ----- Vision -----
  plan({
    plan_id: PLAN_IDS.visionClear,
    plan_name: 'Vision Clear',
    category: 'vision',
    carrier: VISION_CARRIER,
    featured: true,
    plan_group: 'vision',
    short: ['Annual eye exam for a $10 copay', '$150 allowance for frames or contacts', 'Lenses every 12 months'],
    blueBar: 'Vision Clear: simple, affordable eye care',
    body: [
      'Vision Clear covers a comprehensive eye exam every 12 months for a $10 copay, standard single, bifocal or trifocal lenses for a $25 copay and a $150 allowance toward frames or contact lenses.',
      'Members also receive 20% off any amount over the frame allowance, discounts on lens options such as anti-reflective coating, and discounted LASIK at participating surgeons.',
    ],
    exclusions: VISION_EXCLUSIONS,
    example: [
      'Alex has an eye exam ($10 copay) and orders new glasses with $180 frames. Lenses cost a $25 copay; the plan pays $150 toward the frames and Alex pays $30 less a 20% discount, $24. Alex pays $59 in total instead of about $390 retail.',
    ],
    faq: visionFaq('Vision Clear', [
      [
        'Can I get contacts instead of glasses?',
        'Yes. The $150 allowance can be used for contact lenses instead of frames and lenses in the same benefit year.',
      ],
    ]),
    rates: rateTable({ base: [900, 950, 1000, 1050, 1100] }),
  }),
  plan({
    plan_id: PLAN_IDS.visionSelect,
    plan_name: 'Vision Select',
    category: 'vision',
    carrier: VISION_CARRIER,
    short: ['$200 frame allowance', 'Exam and lenses for a $0 copay', 'Available through the Elevate Benefits portal'],
    blueBar: 'Vision Select: enhanced vision benefits for Elevate Benefits members',
    body: [
      'Vision Select is an enhanced vision plan offered exclusively through the Elevate Benefits portal. It covers a yearly eye exam and standard lenses with no copay, and provides a $200 allowance toward frames or contact lenses.',
      'Premium anti-reflective coating and scratch protection are included, and members receive 40% off a second pair of glasses.',
    ],
    exclusions: VISION_EXCLUSIONS,
    example: [
      'Sam enrolls through Elevate Benefits. The eye exam and lenses cost nothing, the plan pays $200 toward $230 frames and Sam pays $30 less a 20% discount, $24.',
    ],
    faq: visionFaq('Vision Select', [
      [
        'Why can I not add Vision Select?',
        'Vision Select is only offered through the Elevate Benefits portal. Choose that portal to enroll.',
      ],
    ]),
    rules: { portals: [502], portalMessage: DEMO_MESSAGES.visionSelectPortal },
    rates: rateTable({ base: [1100, 1150, 1200, 1300, 1400] }),
  }),
  plan({
    plan_id: PLAN_IDS.visionLegacy,
    plan_name: 'Vision Legacy',
    category: 'vision',
    carrier: VISION_CARRIER,
    short: ['Eye exam every 24 months', '$100 frame allowance', 'Currently in a blackout period'],
    blueBar: 'Vision Legacy: basic vision coverage',
    body: [
      'Vision Legacy is a basic vision plan with an eye exam every 24 months for a $15 copay and a $100 allowance toward frames or contact lenses every 24 months.',
      'The plan is currently in a blackout period and new enrollments are paused. Vision Clear offers similar benefits with yearly exams.',
    ],
    exclusions: VISION_EXCLUSIONS,
    example: ['Pat has an eye exam ($15 copay) and chooses $120 frames. The plan pays $100 and Pat pays the $20 difference.'],
    faq: visionFaq('Vision Legacy', [
      [
        'What is a blackout period?',
        'A period during which the carrier does not accept new enrollments for the plan. Existing members are not affected.',
      ],
    ]),
    rules: { blackoutMessage: DEMO_MESSAGES.visionLegacyBlackout },
    rates: rateTable({ base: [800, 820, 850, 900, 950] }),
  }),
  plan({
    plan_id: PLAN_IDS.visionPlus,
    plan_name: 'Vision Plus',
    category: 'vision',
    carrier: VISION_CARRIER,
    short: ['$250 frame allowance', 'Two pairs of contacts or glasses per year', 'LASIK allowance of $500'],
    blueBar: 'Vision Plus: generous allowances for frequent eyewear buyers',
    body: [
      'Vision Plus covers a yearly eye exam with no copay and a $250 allowance toward frames, with a second allowance for contact lenses in the same year.',
      'Members who choose corrective surgery receive a one-time $500 LASIK allowance at participating surgeons.',
    ],
    exclusions: VISION_EXCLUSIONS.slice(0, 4),
    example: [
      'Chris wears glasses at work and contacts for sports. The plan pays $250 toward designer frames and $150 toward a year\u2019s supply of contact lenses.',
    ],
    faq: visionFaq('Vision Plus', [
      ['How does the LASIK allowance work?', 'The carrier pays up to $500 once per lifetime directly to a participating surgeon.'],
    ]),
    rates: rateTable({ base: [1400, 1450, 1500, 1600, 1700] }),
  }),

  // ----- Medical -----
  plan({
    plan_id: PLAN_IDS.medicalBridgeTx,
    plan_name: 'Medical Bridge TX',
    category: 'medical',
    carrier: 'Regional Medical Carrier',
    short: ['Major medical coverage for Texas residents', '$25 primary care copay', 'Statewide PPO network'],
    blueBar: 'Medical Bridge TX: major medical coverage for Texas residents',
    body: [
      'Medical Bridge TX is a PPO medical plan available to residents of Texas. It covers doctor visits, hospital stays, emergency care and prescription drugs, with a $2,500 individual deductible and a $7,500 out-of-pocket maximum.',
      'Primary care visits cost a $25 copay and specialist visits a $50 copay, without meeting the deductible first. Preventive care such as annual physicals and immunizations is covered at 100%.',
      'The plan uses a statewide network of hospitals and physicians in Dallas, Houston, Austin, San Antonio and across Texas.',
    ],
    exclusions: [
      'Services received outside Texas other than emergency care',
      'Cosmetic surgery',
      'Experimental or investigational treatment',
      'Long-term custodial care',
      'Weight-loss programs except as required by law',
    ],
    example: [
      'Taylor, who lives in Dallas, sees a primary care doctor for a sinus infection ($25 copay) and fills a generic prescription ($10 copay).',
      'Later Taylor has outpatient knee surgery billed at $9,000 in network. Taylor pays the $2,500 deductible and 20% of the remaining $6,500 ($1,300); the plan pays the rest.',
    ],
    faq: [
      ['Who can enroll?', 'Residents of Texas. The plan is not available in other states.'],
      [
        'Is emergency care covered when traveling?',
        'Yes. Emergency care is covered anywhere in the United States at the in-network level.',
      ],
      ['Does the plan cover prescriptions?', 'Yes. Generic drugs cost a $10 copay and preferred brand drugs a $40 copay.'],
      [
        'When can I enroll?',
        'During open enrollment or within 60 days of a qualifying life event such as moving to Texas or losing other coverage.',
      ],
    ],
    rules: { states: ['TX'] },
    rates: rateTable({ base: [18900, 23900, 31900, 42900, 54900] }),
  }),
  plan({
    plan_id: PLAN_IDS.medicalAccessPlus,
    plan_name: 'Medical Access Plus',
    category: 'medical',
    carrier: 'National Medical Carrier',
    short: ['Nationwide PPO network', '$5,000 deductible, lower monthly cost', 'Preventive care covered at 100%'],
    blueBar: 'Medical Access Plus: nationwide coverage at a lower monthly cost',
    body: [
      'Medical Access Plus is a high-deductible PPO plan that keeps monthly costs low while protecting you from large medical bills. Preventive care is covered at 100% and the out-of-pocket maximum is $8,000 per person.',
      'The plan is compatible with a health savings account, so you can set aside pre-tax money for deductibles and copays.',
    ],
    exclusions: [
      'Cosmetic surgery',
      'Experimental or investigational treatment',
      'Long-term custodial care',
      'Services not medically necessary',
    ],
    example: [
      'Jordan has a $1,200 emergency-room visit. Jordan pays the full in-network rate toward the deductible, then the plan covers 70% of further costs for the rest of the year.',
    ],
    faq: [
      ['Can I pair this plan with an HSA?', 'Yes. The plan is HSA-qualified.'],
      ['Is there a nationwide network?', 'Yes. The PPO network includes hospitals and physicians in all 50 states.'],
      [
        'Are prescriptions covered before the deductible?',
        'Preventive generic drugs are covered before the deductible; other drugs after it.',
      ],
    ],
    rates: rateTable({ base: [21900, 26900, 34900, 46900, 59900] }),
  }),

  // ----- Term Life -----
  plan({
    plan_id: PLAN_IDS.termLife100k,
    plan_name: 'Term Life 100k',
    category: 'term_life',
    carrier: 'National Life Carrier',
    short: ['$100,000 of term life protection', 'Level premiums for 10 years', 'Rates based on tobacco use'],
    blueBar: 'Term Life 100k: affordable protection for the people who depend on you',
    body: [
      'Term Life 100k pays a $100,000 death benefit to your beneficiaries if you pass away during the 10-year term. Premiums stay level for the whole term.',
      'Rates depend on your age and tobacco use. Optional coverage from $100,000 to $300,000 is subject to medical underwriting approval and evidence of insurability; a decision is usually made within 5 to 10 days.',
      'Enrollment includes membership in a national wellness association, selected when you add the plan to your cart.',
    ],
    exclusions: [
      'Suicide within the first two policy years',
      'Material misrepresentation on the application during the contestability period',
      'Death while committing a felony',
    ],
    exclusionsNote: 'Coverage above the guaranteed amount is not guaranteed and depends on medical underwriting.',
    example: [
      'Robin, 35 and a non-smoker, enrolls in Term Life 100k. If Robin passes away during the 10-year term, the named beneficiaries receive $100,000, free of federal income tax in most cases.',
    ],
    faq: [
      [
        'Why do you ask about tobacco use?',
        'Life insurance rates are lower for non-smokers. You are asked to answer the tobacco question before prices are shown.',
      ],
      ['Can I cover my spouse?', 'Yes. Choose a tier that includes your spouse; spouse coverage is priced on the spouse\u2019s age.'],
      [
        'What happens at the end of the term?',
        'You may renew each year at the then-current rate for your age, or convert to permanent coverage without new medical questions.',
      ],
      ['Are there administrative fees?', 'Quoted rates include a 3% administrative fee.'],
    ],
    rules: { prudential: true, prudential100k: true, requiresSmoker: true },
    rates: rateTable({ base: [1450, 1750, 2650, 5200, 11800], smokerFactor: 2.4 }),
  }),

  // ----- Limited Medical -----
  plan({
    plan_id: PLAN_IDS.limitedMedMetro,
    plan_name: 'Limited Med Metro',
    category: 'limitedmed',
    carrier: 'Limited Medical Carrier',
    short: ['Fixed benefits for doctor visits and hospital stays', 'Metro New York network', 'No deductible'],
    blueBar: 'Limited Med Metro: fixed medical benefits for the New York metro area',
    body: [
      'Limited Med Metro is a limited medical plan for residents of the Manhattan metro area (zip codes 10001 to 10499). It pays fixed dollar amounts for doctor visits, urgent care, diagnostic tests and hospital stays.',
      'There is no deductible: benefits are paid from the first visit. The plan includes 24/7 telemedicine with no consultation fee.',
    ],
    exclusions: [
      'Services outside the plan\u2019s fixed benefit schedule',
      'Pre-existing conditions during the first 12 months',
      'Cosmetic procedures',
      'Care received outside the United States',
    ],
    exclusionsNote: 'This plan is not major medical insurance and does not satisfy minimum essential coverage requirements.',
    example: [
      'Morgan visits an urgent care clinic in Midtown. The plan pays a fixed $100 toward the visit and $50 toward lab work, paid directly to the clinic.',
    ],
    faq: [
      ['Who can enroll?', 'Residents with a zip code from 10001 to 10499.'],
      ['Is this major medical insurance?', 'No. It pays fixed benefits and is best combined with other coverage.'],
      ['Is telemedicine included?', 'Yes, with no consultation fee, 24 hours a day.'],
    ],
    rules: { zipRanges: [['10001', '10499']] },
    rates: rateTable({ base: [8900, 9900, 11900, 14900, 17900] }),
  }),
  plan({
    plan_id: PLAN_IDS.limitedMedEssentials,
    plan_name: 'Limited Med Essentials',
    category: 'limitedmed',
    carrier: 'Limited Medical Carrier',
    short: ['Fixed benefits for everyday care', 'Unlimited telemedicine', 'Available nationwide'],
    blueBar: 'Limited Med Essentials: everyday care with predictable costs',
    body: [
      'Limited Med Essentials pays fixed benefits for doctor visits, diagnostic tests and hospital confinement, and includes unlimited telemedicine consultations.',
      'Benefits are paid directly to you or your provider, regardless of other coverage you may have.',
    ],
    exclusions: ['Pre-existing conditions during the first 12 months', 'Cosmetic procedures', 'Care received outside the United States'],
    exclusionsNote: 'This plan is not major medical insurance.',
    example: ['Casey stays in the hospital for two days. The plan pays $1,000 per day of confinement, $2,000 in total.'],
    faq: [
      ['Can I keep this plan with other coverage?', 'Yes. Fixed benefits are paid regardless of other insurance.'],
      ['Is there a waiting period?', 'Sickness benefits begin after 30 days; accident benefits start on the effective date.'],
    ],
    rates: rateTable({ base: [7900, 8900, 10400, 12900, 15900] }),
  }),

  // ----- RX -----
  plan({
    plan_id: PLAN_IDS.rxSaver,
    plan_name: 'RX Saver',
    category: 'rx',
    carrier: 'Pharmacy Benefit Partner',
    short: ['Generic drugs from $4', 'Accepted at 60,000 pharmacies', 'Mail-order delivery included'],
    blueBar: 'RX Saver: lower prices on prescriptions',
    body: [
      'RX Saver lowers what you pay for prescription drugs at more than 60,000 retail pharmacies nationwide. Hundreds of common generic drugs cost $4 for a 30-day supply.',
      'Brand-name drugs are discounted by an average of 25%, and a mail-order pharmacy delivers 90-day supplies to your door.',
    ],
    exclusions: [
      'Drugs not approved by the FDA',
      'Over-the-counter medicines',
      'Compounded medications',
      'Drugs covered by another plan at the same visit',
    ],
    exclusionsNote: 'RX Saver is a discount program, not insurance.',
    example: ['Lee fills a monthly generic blood pressure prescription. The retail price is $28; with RX Saver Lee pays $4.'],
    faq: [
      ['Is RX Saver insurance?', 'No. It is a prescription discount program used at the pharmacy counter.'],
      ['Can family members use it?', 'Yes, everyone on your tier receives their own card.'],
      ['How do I find prices?', 'Use the price lookup in the member portal before you visit the pharmacy.'],
    ],
    rates: rateTable({ base: [1200, 1300, 1400, 1600, 1800] }),
  }),

  // ----- Lifestyle -----
  plan({
    plan_id: PLAN_IDS.lifestyleWellness,
    plan_name: 'Lifestyle Wellness',
    category: 'lifestyle',
    carrier: 'Wellness Association Services',
    short: ['24/7 telehealth and nurse line', 'Gym and fitness discounts', 'Discounts on hearing and chiropractic care'],
    blueBar: 'Lifestyle Wellness: everyday health and savings for the whole family',
    body: [
      'Lifestyle Wellness bundles health services and everyday savings: unlimited telehealth visits, a 24/7 nurse line, discounted gym memberships and savings on hearing aids, chiropractic care and lab tests.',
      'All services are available to every family member on your tier, with no claim forms to file.',
    ],
    exclusions: ['Emergency care', 'Prescription drugs', 'Services of providers outside the discount networks'],
    exclusionsNote: 'Lifestyle Wellness is not insurance.',
    example: [
      'Jamie calls the nurse line at midnight about a child\u2019s fever and books a telehealth visit the next morning, both at no extra charge.',
    ],
    faq: [
      ['Is this insurance?', 'No. It is a membership program of health services and discounts.'],
      ['Who can use the services?', 'Everyone on your tier.'],
      ['How do I start?', 'Download the member app after enrollment and sign in with your member id.'],
    ],
    rates: rateTable({ base: [1500, 1500, 1600, 1700, 1800] }),
  }),
  plan({
    plan_id: PLAN_IDS.associationMembership,
    plan_name: 'Association Membership',
    category: 'lifestyle',
    carrier: 'National Wellness Association',
    short: ['Required membership for association plans', '$5 monthly membership fee', 'Join more than 100,000 members'],
    blueBar: 'Association Membership: your membership in a national wellness association',
    body: [
      'Many plans in this store are offered through a national wellness association. Membership costs $5 per month and gives access to association plans, member discounts and wellness resources.',
      'Membership is added automatically with plans that require it and stays in your cart while those plans are there.',
    ],
    exclusions: ['Membership does not itself provide insurance coverage'],
    example: ['Adding Term Life 100k to your cart also adds your Association Membership at $5 per month.'],
    faq: [
      ['Why is the membership required?', 'Association plans are offered to members only.'],
      ['Can I remove the membership?', 'It stays in your cart as long as a plan requiring it is in the cart.'],
      ['How many members does the association have?', 'More than 100,000 members nationwide.'],
    ],
    rules: { membership: true, notRemovable: true },
    rates: ALL_TIERS.map((tier) => ({
      tier,
      age_min: 18,
      age_max: 99,
      state: null,
      smoker: null,
      price_cents: MEMBERSHIP_FEE_CENTS,
      label: 'Monthly membership fee',
    })),
  }),

  // ----- Supplemental -----
  plan({
    plan_id: PLAN_IDS.supplementalCare,
    plan_name: 'Supplemental Care',
    category: 'supplemental',
    carrier: 'Supplemental Health Carrier',
    short: ['Cash benefits for covered care', 'For individuals and couples', 'Benefits paid directly to you'],
    blueBar: 'Supplemental Care: cash benefits that fill the gaps',
    body: [
      'Supplemental Care pays cash benefits when you receive covered care, such as $150 for an emergency-room visit, $500 for an outpatient surgery or $1,000 for a hospital admission.',
      'Benefits are paid directly to you to use for deductibles, copays, travel or household bills. The plan is available for Member Only and Member + Spouse.',
    ],
    exclusions: [
      'Pre-existing conditions during the first 12 months',
      'Cosmetic procedures',
      'Self-inflicted injuries',
      'Care received outside the United States',
    ],
    example: [
      'Avery is admitted to the hospital for two nights. Supplemental Care pays $1,000 for the admission plus $200 per day, $1,400 in total.',
    ],
    faq: [
      ['Which tiers are available?', 'Member Only and Member + Spouse.'],
      ['Does it replace my health insurance?', 'No. It pays cash in addition to any other coverage.'],
      ['How fast are claims paid?', 'Most claims are paid within 10 business days.'],
    ],
    rules: { tiers: ['IO', 'IS'] },
    rates: rateTable({ base: [1800, 2100, 2600, 3400, 4400], tiers: ['IO', 'IS'] }),
  }),

  // ----- Disability Income -----
  plan({
    plan_id: PLAN_IDS.incomeProtectDi,
    plan_name: 'Income Protect DI',
    category: 'di',
    carrier: 'National Disability Carrier',
    short: ['Replaces up to 60% of your income', 'Benefits up to 24 months', 'For people working 30 hours a week or more'],
    blueBar: 'Income Protect DI: protect your paycheck if you cannot work',
    body: [
      'Income Protect DI pays a monthly benefit of up to 60% of your earnings, to a maximum of $3,000, if illness or injury keeps you from working. Benefits begin after a 30-day elimination period and continue for up to 24 months.',
      'To qualify you need an annual income of at least $20,000 and to work at least 30 hours a week.',
    ],
    exclusions: [
      'Pre-existing conditions during the first 12 months',
      'Self-inflicted injuries',
      'Disabilities caused by war or acts of war',
      'Normal pregnancy, except complications',
    ],
    example: [
      'Riley earns $48,000 a year and breaks a leg, missing 10 weeks of work. After the 30-day elimination period the plan pays $2,400 a month until Riley returns to work.',
    ],
    faq: [
      ['Who is eligible?', 'Applicants with an annual income of at least $20,000 who work at least 30 hours a week.'],
      ['Are benefits taxable?', 'Benefits from a plan you pay for with after-tax dollars are generally not taxable.'],
      ['What is the elimination period?', 'The 30 days after the start of your disability before benefits begin.'],
    ],
    rules: { minIncome: 20000, minHours: 30 },
    rates: rateTable({ base: [2200, 2800, 3600, 5200, 6800] }),
  }),

  // ----- Critical Illness -----
  plan({
    plan_id: PLAN_IDS.criticalIllnessGuard,
    plan_name: 'Critical Illness Guard',
    category: 'critical',
    carrier: 'Critical Illness Carrier',
    short: ['Lump-sum benefit of $10,000 to $25,000', 'Covers heart attack, stroke and more', 'Short health questionnaire'],
    blueBar: 'Critical Illness Guard: a lump sum when you need it most',
    body: [
      'Critical Illness Guard pays a lump-sum benefit when you are first diagnosed with a covered illness such as a heart attack, stroke, major organ failure or kidney failure.',
      'You decide how to use the money, for medical bills, travel to a specialist or everyday expenses while you recover. Enrollment requires a short health questionnaire.',
    ],
    exclusions: [
      'Conditions diagnosed before the effective date',
      'Illness diagnosed in the first 30 days of coverage',
      'Self-inflicted injuries',
      'Diagnosis made outside the United States',
    ],
    example: ['Drew suffers a heart attack two years after enrolling. Critical Illness Guard pays a $15,000 lump sum directly to Drew.'],
    faq: [
      ['Why are there health questions?', 'The carrier uses your answers to decide whether the plan can be offered.'],
      ['Is cancer covered?', 'Applicants previously treated for cancer cannot be offered this plan.'],
      ['Can I receive more than one benefit?', 'Yes, for a different covered condition after 6 months, up to the lifetime maximum.'],
    ],
    rules: { questionnaire: 'questions' },
    questions: [
      {
        kind: 'questions',
        question_text: 'Have you ever been diagnosed with, or received treatment for, cancer of any kind?',
        question_sub_type: 'text_field',
        require_detail: false,
        true_condition: null,
        decline_message: DEMO_MESSAGES.criticalCancerDecline,
      },
      {
        kind: 'questions',
        question_text: 'Has any parent or sibling been diagnosed with any of the following conditions? Select all that apply.',
        question_sub_type: 'checkbox',
        require_detail: false,
        true_condition: null,
        decline_message: null,
        options: [
          { option_id: CRITICAL_OPTION_IDS.heartAttack60, option_text: 'Heart attack', option_group: 'A. Prior to age 60' },
          { option_id: CRITICAL_OPTION_IDS.stroke60, option_text: 'Stroke', option_group: 'A. Prior to age 60' },
          { option_id: CRITICAL_OPTION_IDS.kidneyFailure60, option_text: 'Kidney failure', option_group: 'A. Prior to age 60' },
          { option_id: CRITICAL_OPTION_IDS.heartAttack75, option_text: 'Heart attack', option_group: 'B. Prior to age 75' },
          { option_id: CRITICAL_OPTION_IDS.stroke75, option_text: 'Stroke', option_group: 'B. Prior to age 75' },
          { option_id: CRITICAL_OPTION_IDS.kidneyFailure75, option_text: 'Kidney failure', option_group: 'B. Prior to age 75' },
        ],
      },
      {
        kind: 'questions',
        question_text:
          'In the past 5 years, have you been hospitalized or treated for heart disease, high blood pressure or diabetes? If Yes, please give details.',
        question_sub_type: 'detail',
        require_detail: true,
        true_condition: null,
        decline_message: null,
      },
    ],
    rates: rateTable({ base: [1600, 2300, 3600, 6200, 9800] }),
  }),

  // ----- Accident -----
  plan({
    plan_id: PLAN_IDS.accidentShield,
    plan_name: 'Accident Shield',
    category: 'accident',
    carrier: 'Accident Insurance Carrier',
    short: ['Cash benefits for accidental injuries', 'On and off the job, 24 hours a day', 'No health questions beyond eligibility'],
    blueBar: 'Accident Shield: help with the costs of accidental injuries',
    body: [
      'Accident Shield pays cash benefits for injuries from covered accidents, such as fractures, dislocations, burns, emergency-room treatment and follow-up physical therapy.',
      'Coverage applies on and off the job, 24 hours a day. A few eligibility questions must be answered Yes before you can add the plan to your cart.',
    ],
    exclusions: [
      'Injuries while intoxicated or under the influence of drugs',
      'Participation in professional or semi-professional sports',
      'Self-inflicted injuries',
      'Injuries from war or acts of war',
    ],
    example: [
      'Kelly breaks an arm playing softball. Accident Shield pays $150 for the ER visit, $1,000 for the fracture and $35 for each physical therapy session.',
    ],
    faq: [
      [
        'Why must I answer Yes to the questions?',
        'They confirm your eligibility: you must be actively at work and a resident of the United States.',
      ],
      ['Is illness covered?', 'No. Only injuries caused by an accident.'],
      ['Are children covered?', 'Yes, on tiers that include children, including sports injuries.'],
    ],
    rules: { questionnaire: 'aflac' },
    questions: [
      {
        kind: 'aflac',
        question_text: 'Are you actively at work?',
        question_sub_type: 'text_field',
        require_detail: false,
        true_condition: true,
        decline_message: null,
      },
      {
        kind: 'aflac',
        question_text: 'Are you a permanent resident of the United States?',
        question_sub_type: 'text_field',
        require_detail: false,
        true_condition: true,
        decline_message: null,
      },
      {
        kind: 'aflac',
        question_text: 'Do you understand that this plan pays benefits for accidents only and is not major medical coverage?',
        question_sub_type: 'text_field',
        require_detail: false,
        true_condition: true,
        decline_message: null,
      },
    ],
    rates: rateTable({ base: [1400, 1500, 1600, 1800, 2100] }),
  }),

  // ----- Hospital -----
  plan({
    plan_id: PLAN_IDS.hospitalSeniorIndemnity,
    plan_name: 'Hospital Senior Indemnity',
    category: 'hospital',
    carrier: 'Hospital Indemnity Carrier',
    short: ['$1,500 per hospital admission', 'For applicants aged 50 to 64', 'Benefits paid directly to you'],
    blueBar: 'Hospital Senior Indemnity: hospital cash benefits for ages 50 to 64',
    body: [
      'Hospital Senior Indemnity is designed for adults aged 50 to 64. It pays $1,500 for each hospital admission and $200 for each day of confinement, up to 31 days per stay.',
      'Benefits are paid directly to you and can be used for deductibles, coinsurance or any other expense.',
    ],
    exclusions: [
      'Pre-existing conditions during the first 6 months',
      'Admissions for cosmetic surgery',
      'Treatment for substance abuse',
      'Care outside the United States',
    ],
    example: ['Jesse, 58, is admitted for pneumonia and stays four nights. The plan pays $1,500 plus 4 \u00d7 $200, $2,300 in total.'],
    faq: [
      ['Who can enroll?', 'Applicants aged 50 to 64.'],
      ['Does it work with Medicare?', 'This plan is designed for people not yet eligible for Medicare.'],
      ['How many admissions are covered?', 'Up to three admissions per calendar year.'],
    ],
    rules: { minAge: 50, maxAge: 64 },
    rates: rateTable({
      base: [3900, 4500, 5200],
      bands: [
        [50, 54],
        [55, 59],
        [60, 64],
      ],
    }),
  }),
  plan({
    plan_id: PLAN_IDS.hospitalAdvantage,
    plan_name: 'Hospital Advantage',
    category: 'hospital',
    carrier: 'Hospital Indemnity Carrier',
    short: ['$1,000 per hospital admission', '$100 per day in hospital', 'Available at any age from 18'],
    blueBar: 'Hospital Advantage: cash support during a hospital stay',
    body: [
      'Hospital Advantage pays $1,000 for each covered hospital admission and $100 for each day of confinement, helping with the out-of-pocket costs that medical insurance leaves behind.',
      'Maternity admissions are covered after 10 months of continuous coverage.',
    ],
    exclusions: ['Pre-existing conditions during the first 12 months', 'Admissions for cosmetic surgery', 'Care outside the United States'],
    example: ['Quinn has a three-day hospital stay after surgery. The plan pays $1,000 plus 3 \u00d7 $100, $1,300 in total.'],
    faq: [
      ['Is maternity covered?', 'Yes, after 10 months of continuous coverage.'],
      ['Can I have other hospital coverage?', 'Yes. Benefits are paid regardless of other insurance.'],
    ],
    rates: rateTable({ base: [2200, 2500, 2900, 3600, 4800] }),
  }),

  // ----- Pet -----
  plan({
    plan_id: PLAN_IDS.petCompanion,
    plan_name: 'Pet Companion',
    category: 'pet',
    carrier: 'National Pet Insurance Carrier',
    short: ['Reimbursement of 80% of vet bills', 'Any licensed veterinarian', 'Accidents and illnesses covered'],
    blueBar: 'Pet Companion: care for the pets in your family',
    body: [
      'Pet Companion reimburses 80% of eligible veterinary bills for accidents and illnesses after a $250 annual deductible, up to $10,000 per year.',
      'Visit any licensed veterinarian in the United States, submit the invoice in the app and receive reimbursement by direct deposit.',
    ],
    exclusions: [
      'Pre-existing conditions',
      'Routine and preventive care unless a wellness rider is added',
      'Breeding and pregnancy',
      'Cosmetic procedures such as tail docking',
    ],
    example: [
      'Your dog swallows a toy and needs surgery costing $3,250. After the $250 deductible the plan reimburses 80% of $3,000, $2,400.',
    ],
    faq: [
      ['Which pets are covered?', 'Dogs and cats aged 8 weeks or older.'],
      ['Can I use my own vet?', 'Yes, any licensed veterinarian.'],
      ['Is there a waiting period?', '14 days for illnesses and 3 days for accidents.'],
    ],
    rates: rateTable({ base: [2900, 2900, 2900, 2900, 2900] }),
  }),

  // ----- Guaranteed -----
  plan({
    plan_id: PLAN_IDS.guaranteedIssueLife,
    plan_name: 'Guaranteed Issue Life',
    category: 'guaranteed',
    carrier: 'Guaranteed Life Carrier',
    short: ['No medical exam or health questions', 'Up to $25,000 of whole life coverage', 'For applicants aged 80 or younger'],
    blueBar: 'Guaranteed Issue Life: coverage you cannot be turned down for',
    body: [
      'Guaranteed Issue Life is whole life insurance with acceptance guaranteed: there is no medical exam and there are no health questions. Coverage up to $25,000 helps with final expenses and outstanding bills.',
      'Premiums never increase and the policy builds cash value. The plan is available to applicants aged 80 or younger.',
    ],
    exclusions: [
      'Death from illness in the first two years pays a return of premiums plus 10% instead of the full benefit',
      'Suicide in the first two years',
    ],
    example: ['Frances, 72, buys $15,000 of coverage. Three years later her family receives the full $15,000 to cover funeral costs.'],
    faq: [
      ['Can I be turned down?', 'No. Acceptance is guaranteed for applicants aged 80 or younger.'],
      [
        'What is the graded benefit?',
        'During the first two years, death from illness pays back premiums plus 10%. Accidental death pays the full benefit from day one.',
      ],
      ['Do premiums go up?', 'No. Premiums are fixed for life.'],
    ],
    rules: { planAgeMax: 80, planAgeMessage: DEMO_MESSAGES.guaranteedAge },
    rates: rateTable({ base: [2400, 2900, 3800, 5600, 8900] }),
  }),
];

/** The demo catalog, in display order. */
export const DEMO_PLANS: DemoPlan[] = PLANS.map((p, i) => ({ ...p, sort_order: (i + 1) * 10 }));
