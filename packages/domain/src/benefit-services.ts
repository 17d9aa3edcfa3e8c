/** The service classes a plan covers (no zod: the plan list loads it first through compare-rules.ts). */
export const BENEFIT_SERVICES = ['preventive', 'basic', 'major', 'orthodontia', 'eye_exam', 'lenses', 'frames', 'contacts'] as const;
export type BenefitService = (typeof BENEFIT_SERVICES)[number];
