import type { TPlanRules } from '@store/domain/plan-rules';

/** One plan of the demo catalog as seeded (see demo-catalog.ts). */
export interface DemoPlan {
  plan_id: number;
  plan_name: string;
  /** category key of @store/domain/codes CATEGORIES */
  category: string;
  carrier: string;
  /** media id of the logo, e.g. 'plan-logo-101.svg' (demo-images.ts makes the file) */
  plan_logo: string;
  plan_short_text: string; // HTML
  header_text: string;
  body_text: string; // HTML
  blue_bar_text: string;
  association_text: string;
  exclusions_text_name: string;
  exclusions_text: string; // HTML
  example_text_name: string;
  example_text: string; // HTML
  faq_text_name: string;
  faq_text: string; // HTML
  featured: boolean;
  /** low_deductible | high_annual_maximum | bundled | vision | null */
  plan_group: string | null;
  rules: TPlanRules;
  sort_order: number;
  /** Monthly prices in cents by tier and age band; state null = every state, smoker null = either. */
  rates: {
    tier: 'IO' | 'IS' | 'IC' | 'IF' | 'IC3';
    age_min: number;
    age_max: number;
    state?: string | null;
    smoker?: boolean | null;
    price_cents: number;
    label?: string;
  }[];
  questions?: {
    kind: 'questions' | 'aflac';
    question_text: string;
    question_sub_type: 'text_field' | 'checkbox' | 'detail';
    require_detail?: boolean;
    true_condition?: boolean | null;
    decline_message?: string | null;
    options?: { option_id: number; option_text: string; option_group: string }[];
  }[];
}
