import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { PaymentMethod } from '@store/domain/codes';

/**
 * Table types of the store, every table and column in this one file (decision 2350): a feature that adds a table or a
 * column writes it here, beside its migration in db/migrations. Modules import the types they need from here.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** A timestamp with a database default (now()). */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, T | string, T | string>;
/** A JSON column with a database default. */
type JsonDefault<T> = ColumnType<T, T | string | undefined, T | string>;
/** A date column: read as yyyy-mm-dd text (see client.ts type parsers). */
type DateCol = ColumnType<string, string, string>;
/** A timestamp the insert gives (no default). */
type Stamp = ColumnType<Date, Date | string, Date | string>;
/** A date column that may be null on insert. */
type Day = ColumnType<string, string | null, string | null>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface SitesTable {
  id: Generated<number>;
  host: string;
  kind: 'main' | 'dental' | 'partner' | 'go-enroll';
  name: string;
  /** 'true' on the main site, 'false' where the external launcher shows. */
  site_flag: string;
  group_id: number | null;
  portal_id: number | null;
  active: Generated<boolean>;
  updated_at: TimestampDefault;
}

export interface SiteSettingsTable {
  site_id: number;
  key: string;
  value: string;
}

export interface MediaTable {
  id: string;
  content_type: string;
  data: Uint8Array;
  /** Private files (signatures, receipts) are never served by the public /media route. */
  private: Generated<boolean>;
  created_at: TimestampDefault;
}

export interface AgentsTable {
  agent_id: number;
  /** Migration 2562: the national producer number (834 N1*BO). */
  npn?: ColumnType<string | null, string | null | undefined, string | null>;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  agent_code: string;
  email: string | null;
  phone: string | null;
  landing_url: string | null;
  display_name: string | null;
  display_phone: string | null;
  display_email: string | null;
  display_about_name: string | null;
  tagline: string | null;
  logo: string | null;
  image: string | null;
  image_link: string | null;
  banner_image: string | null;
  agent_bio: string | null;
  active: Generated<boolean>;
  /** Migration 2720 (commissions): the rep's agency, upline, and the override earned on their downline's business. */
  agency: Generated<string>;
  upline_agent_id: ColumnType<number | null, number | null | undefined, number | null>;
  override_bp: Generated<number>;
}

export interface GroupsTable {
  group_id: number;
  gname: string;
  gcode: string;
  agent_id: number | null;
  landing_url: string | null;
  display_name: string | null;
  display_phone: string | null;
  display_email: string | null;
  display_about_name: string | null;
  tagline: string | null;
  logo: string | null;
  image: string | null;
  image_link: string | null;
  banner_image: string | null;
  gweb_aboutus: string | null;
  phone: string | null;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** Whether the personalised quote may be sent ('yes'/'no'). */
  show_quotation: Generated<string>;
  active: Generated<boolean>;
  /** How this group's people pay (enrollment.md 4.10); null: the store's rule (migration 1260). */
  payment_method: Generated<PaymentMethod | null>;
  /** The group's open-enrollment window (migration 1860); null does not limit. */
  enrollment_opens_on: ColumnType<string | null, string | null | undefined, string | null>;
  enrollment_closes_on: ColumnType<string | null, string | null | undefined, string | null>;
  /** Open enrollment (migration 2660): 'active', employees choose again; 'passive', coverage rolls over unless changed. */
  open_enrollment: ColumnType<'active' | 'passive', 'active' | 'passive' | undefined, 'active' | 'passive'>;
  /** The day of the month a list-bill group's invoice is made (migration 2670; a shorter month's last day). */
  bill_day: Generated<number>;
}

export interface PortalsTable {
  platform_group_id: number;
  platform_name: string;
  platform_code: string;
  active: Generated<boolean>;
  /** Category keys this portal offers (migration 1700); null = every category. */
  categories: ColumnType<string[] | null, string | null | undefined, string | null>;
}

export interface AgentPortalsTable {
  agent_id: number;
  platform_group_id: number;
}

export interface GroupPortalsTable {
  group_id: number;
  platform_group_id: number;
}

export interface AccountsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  role: 'operator' | 'rep' | 'group' | 'member';
  agent_id: number | null;
  group_id: number | null;
  user_id: number | null;
  active: Generated<boolean>;
  created_at: TimestampDefault;
  /** The TOTP secret, sealed (lib/crypto.ts); null: no second factor enrolled yet (migration 0660). */
  totp_secret_enc: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: number | null;
}

export interface MembersTable {
  user_id: Generated<number>;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  dob: DateCol;
  gender: string;
  email: string | null;
  phone: string | null;
  /** Sealed (AES-256-GCM), see lib/crypto.ts. */
  ssn_enc: string | null;
  ssn_last4: string | null;
  address1: string | null;
  /** Migration 2040: the second line of the address (the 834's N302). */
  address2: ColumnType<string | null, string | null | undefined, string | null>;
  city: string | null;
  state: string | null;
  zip: string | null;
  agent_id: number | null;
  group_id: number | null;
  created_at: TimestampDefault;
}

export interface PoliciesTable {
  policy_id: Generated<number>;
  user_id: number;
  plan_id: number;
  tier: string;
  status: 'ACTIVE' | 'INACTIVE';
  effective_date: DateCol | null;
  enrollment_id: string | null;
  created_at: TimestampDefault;
  /** Evidence of insurability (migration 2540): null when the plan needs none. */
  eoi_status: ColumnType<EoiStatus | null, EoiStatus | null | undefined, EoiStatus | null>;
  eoi_reference: ColumnType<string | null, string | null | undefined, string | null>;
  eoi_reason: ColumnType<string | null, string | null | undefined, string | null>;
  eoi_decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  eoi_decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The member cancelled the plan (migration 2540): coverage ends on this day (the end of the paid month). */
  ends_on: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  // h38c, migration 2750: a life event's change of plan (decision 2650).
  /** The policy this one replaces (a change of plan; approval of its evidence ends the old one). */
  replaces_policy_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The life event whose window the policy was changed in. */
  life_event_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export type EoiStatus = 'pending' | 'more_information' | 'approved' | 'declined';

export interface ReferralsTable {
  referral_id: string;
  agent_id: number | null;
  group_id: number | null;
  portal_id: number | null;
  valid: boolean;
}

export interface PlansTable {
  plan_id: number;
  plan_name: string;
  category: string;
  plan_logo: string | null;
  plan_short_text: string;
  header_text: string | null;
  body_text: string | null;
  blue_bar_text: string | null;
  association_text: string | null;
  exclusions_text_name: string | null;
  exclusions_text: string | null;
  example_text_name: string | null;
  example_text: string | null;
  faq_text_name: string | null;
  faq_text: string | null;
  carrier: string | null;
  featured: Generated<boolean>;
  plan_group: string | null;
  /** ZPlanRules of @store/domain/plan-rules */
  rules: Json<Record<string, unknown>>;
  /** ZPlanBenefits of @store/domain/compare (migration 0800); null: not stated. */
  benefits: ColumnType<unknown, string | null | undefined, string | null>;
  /** ZPlanTranslations of @store/domain/plan-content (migration 1950): the texts per language other than English. */
  translations: ColumnType<unknown, string | null | undefined, string | null>;
  sort_order: Generated<number>;
  active: Generated<boolean>;
  updated_at: TimestampDefault;
  /** The plan's carrier (migration 1400). */
  carrier_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The plan needs evidence of insurability (migration 2540): its enrollments complete pending the carrier's decision. */
  needs_evidence: Generated<boolean>;
  /** The plan ends at this renewal date (migration 2660); its members are offered `replacement_plan_id`. */
  discontinued_on: ColumnType<string | null, string | null | undefined, string | null>;
  replacement_plan_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Monthly price by plan, tier, age band, state (null: any) and tobacco use (null: any). */
export interface PlanRatesTable {
  plan_pricing_id: Generated<number>;
  plan_id: number;
  tier: string;
  age_min: number;
  age_max: number;
  state: string | null;
  smoker: boolean | null;
  price_cents: number;
  label: string | null;
}

export interface PlanQuestionsTable {
  question_id: Generated<number>;
  plan_id: number;
  kind: 'questions' | 'aflac';
  question_text: string;
  /** text_field, checkbox, detail */
  question_sub_type: string;
  require_detail: Generated<boolean>;
  /** Aflac-type: the answer that must be given (true = Yes). */
  true_condition: boolean | null;
  /** A Yes answer declines the plan with this message. */
  decline_message: string | null;
  options: Json<{ option_id: number; option_text: string; option_group: string }[]>;
  sort_order: Generated<number>;
}

export interface EnrollmentsTable {
  /** Random, not guessable (UUID v4): the tempId of the documents. */
  id: string;
  session_id: string | null;
  account_id: number | null;
  agent_id: number | null;
  group_id: number | null;
  portal_id: number | null;
  user_id: number | null;
  type: string;
  eprocess: string;
  open_type: string | null;
  referral: string | null;
  status: Generated<'quote' | 'checked_out' | 'completed'>;
  filter_info: Json<Record<string, unknown>>;
  effective_date: DateCol | null;
  /** Per-tab saved data: keys are tab names of the wire (primary_info, contact_info, …). Sensitive values sealed. */
  tabs: JsonDefault<Record<string, unknown>>;
  saved_tab: string | null;
  enroller_code: string | null;
  resume_code_hash: string | null;
  resume_email: string | null;
  confirmation_number: string | null;
  completed_at: Timestamp | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  /** The language of the person's mail (lib/mail-i18n.ts), kept when a step that mails happens. */
  mail_lang: ColumnType<string, string | undefined, string>;
  /** Set when the person turned the reminder e-mails off. */
  reminders_unsubscribed_at: Date | string | null;
  resume_expires_at: Date | string | null;
  /** The session that opened the current code's direct-continue link (a link opens in one browser). */
  direct_link_session: string | null;
}

export interface CartItemsTable {
  enrollment_id: string;
  plan_id: number;
  plan_pricing_id: number;
  price_cents: number;
  removable: Generated<boolean>;
  /** The plan this row was added with (membership of a Prudential-type plan). */
  parent_plan_id: number | null;
  created_at: TimestampDefault;
}

export interface SessionsTable {
  /** sha256 of the cookie token */
  id: string;
  account_id: number | null;
  data: JsonDefault<SessionData>;
  created_at: TimestampDefault;
  expires_at: Timestamp;
  /** The last request of this session (moved at most once a minute): the idle timeout counts from it (migration 0660). */
  last_seen_at: Timestamp;
}

export interface SessionData {
  /** Enrollments this session may open after resuming with code and e-mail. */
  resumed?: string[];
  [key: string]: unknown;
}

export interface OutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  /** [{ filename, contentType, mediaId }] */
  attachments: JsonDefault<{ filename: string; contentType: string; mediaId: string }[]>;
  status: Generated<'pending' | 'sending' | 'sent' | 'kept' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  enrollment_id: string | null;
  created_at: TimestampDefault;
  sent_at: Timestamp | null;
  /** While 'sending': the lease of the process sending it; another process takes the row only after it. */
  locked_until: Timestamp | null;
  /** When the bodies and attachment links were blanked (delivery plus OUTBOX_RETENTION_HOURS). */
  purged_at: Timestamp | null;
  /** While 'pending' after a temporary refusal: not tried again before this (migration 2450). */
  retry_at: Timestamp | null;
  /** A resume code or link is in the body: the console never shows it. */
  holds_secret: Generated<boolean>;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: TimestampDefault;
  account_id: number | null;
  action: string;
  target: string | null;
  detail: JsonDefault<Record<string, unknown>>;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface Database {
  sites: SitesTable;
  site_settings: SiteSettingsTable;
  media: MediaTable;
  agents: AgentsTable;
  groups: GroupsTable;
  portals: PortalsTable;
  agent_portals: AgentPortalsTable;
  group_portals: GroupPortalsTable;
  accounts: AccountsTable;
  members: MembersTable;
  policies: PoliciesTable;
  referrals: ReferralsTable;
  plans: PlansTable;
  plan_rates: PlanRatesTable;
  plan_questions: PlanQuestionsTable;
  enrollments: EnrollmentsTable;
  cart_items: CartItemsTable;
  sessions: SessionsTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  app_meta: { key: string; value: string };
  screenshots: ScreenshotsTable;
  billing_records: BillingRecordsTable;
  plan_answers: PlanAnswersTable;
  temp_dependent_info: TempDependentInfoTable;
  compare_selections: CompareSelectionsTable;
  routing_directory: RoutingDirectoryTable;
  member_payment_methods: MemberPaymentMethodsTable;
  card_attempts: { key: string; declines: number; last_decline_at: Date | string; blocked_until: Date | string | null };
  carrier_inbound_files: CarrierInboundFilesTable;
  carriers: CarriersTable;
  carrier_files: CarrierFilesTable;
  carrier_file_items: CarrierFileItemsTable;
  quotes: QuotesTable;
  storefront_signup_queries: StorefrontSignupQueriesTable;
  storefront_leads: StorefrontLeadsTable;
  storefront_assist_questions: StorefrontAssistQuestionsTable;
  storefront_assist_answers: StorefrontAssistAnswersTable;
  storefront_traffic: StorefrontTrafficTable;
  sign_in_links_used: { nonce: string; account_id: number; used_at: Date | string | undefined; expires_at: Date | string };
  enrollment_events: EnrollmentEventsTable;
  issued_documents: IssuedDocumentsTable;
  payment_authorizations: PaymentAuthorizationsTable;
  group_employees: GroupEmployeesTable;
  /** Migration 0660: the sign-in throttle and operators' recovery codes. */
  sign_in_failures: { key: string; failures: number; blocked_until: NullableTimestamp; updated_at: Timestamp };
  recovery_codes: { id: ColumnType<number, never, never>; account_id: number; code_hash: string; used_at: NullableTimestamp };
  scheduled_jobs: ScheduledJobsTable;
  premium_payments: PremiumPaymentsTable;
  ledger_entries: LedgerEntriesTable;
  ach_settings: AchSettingsTable;
  ach_files: AchFilesTable;
  /** Migration 2500: the failures whose mail was queued, and the one-time links to the change-payment form. */
  payment_failure_notices: { ledger_id: number; enrollment_id: string; created_at: TimestampDefault };
  payment_change_links: PaymentChangeLinksTable;
  carrier_remittance_lines: CarrierRemittanceLinesTable;
  /** Migration 2562: the states a rep is licensed in, and the carriers that appointed them. */
  rep_licenses: { agent_id: number; state: string; expires_on: DateCol };
  rep_appointments: { agent_id: number; carrier_id: number };
  rep_license_notices: { agent_id: number; state: string; expires_on: DateCol; noticed_at: Generated<Date> };
  /** Migration 2670: list bills, their lines and the payments recorded against them. */
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_payments: InvoicePaymentsTable;
  /** Migration 2660 (issue 38): renewals. */
  plan_rate_periods: PlanRatePeriodsTable;
  policy_renewals: PolicyRenewalsTable;
  renewal_notices: { user_id: number; starts_on: DateCol; sent_at: TimestampDefault };
  /** Migration 2650: life events (issue 38, decision 2550). */
  life_event_settings: LifeEventSettingsTable;
  life_events: LifeEventsTable;
  /** Migration 2720 (issue 39): commissions (decision 2620). */
  commission_settings: CommissionSettingsTable;
  commission_schedules: CommissionSchedulesTable;
  commission_statements: CommissionStatementsTable;
  commission_entries: CommissionEntriesTable;
  // ---- h36 (decision 2670): the processor's webhooks applied, by event id (migration 2770) ----
  payment_webhook_events: PaymentWebhookEventsTable;
  /** Migration 2920 (decision 2821): a first payment waiting for its cardholder's 3-D Secure. */
  first_payment_authentications: FirstPaymentAuthenticationsTable;
  /** Migration 2951 (decision 2871): refunds left to the operator, until settled. */
  refunds_due: RefundsDueTable;
}

/** A refund left to the operator (migration 2951), once per refund key; settled once. */
export interface RefundsDueTable {
  id: Generated<number>;
  due_key: string;
  enrollment_id: string;
  policy_id: number | null;
  payment_id: number | null;
  part: 'plan' | 'membership';
  amount_cents: number;
  why: 'refused' | 'no_answer' | 'bank_debit';
  message: string | null;
  created_at: TimestampDefault;
  settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  settled_by: number | null;
  settled_by_name: string | null;
  settled_note: string | null;
}

/** The completion's first charge left for the cardholder's authentication (migration 2920), by enrollment. */
export interface FirstPaymentAuthenticationsTable {
  enrollment_id: string;
  idempotency_key: string;
  charge_id: string;
  created_at: TimestampDefault;
}

/** A processor's webhook event the store applied (migration 2770): its id once, whatever arrives again. */
export interface PaymentWebhookEventsTable {
  provider: string;
  event_id: string;
  type: string;
  /** What the event changed: 'applied', or why nothing ('unknown-payment', 'already', 'ignored'). */
  outcome: string;
  received_at: TimestampDefault;
}

/** A plan's rate grid for a later period (migration 2660): loaded with its start date, applied to plan_rates then. */
export interface PlanRatePeriodsTable {
  id: Generated<number>;
  plan_id: number;
  starts_on: DateCol;
  tier: string;
  age_min: number;
  age_max: number;
  state: string | null;
  smoker: boolean | null;
  price_cents: number;
  created_at: TimestampDefault;
  applied_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** A policy's price from its renewal date (migration 2660): the period's rate, or its replacement plan's. */
export interface PolicyRenewalsTable {
  policy_id: number;
  starts_on: DateCol;
  /** null: a policy made without the wizard (the demo's). */
  enrollment_id: string | null;
  user_id: number;
  plan_id: number;
  current_cents: number;
  /** null: the plan is discontinued without a replacement (its coverage ends at the renewal date). */
  renewal_cents: number | null;
  replacement_plan_id: number | null;
  created_at: TimestampDefault;
}

/** Premium remitted to a carrier in an 820 (migration 2561): one row per carrier, ledger row and policy, once. */
export interface CarrierRemittanceLinesTable {
  id: Generated<number>;
  carrier_id: number;
  file_id: number;
  ledger_entry_id: number;
  enrollment_id: string;
  policy_id: number;
  period: string;
  amount_cents: number;
  /* ---- migration 2741 (h39a): list-bill money remitted as the group pays ---- */
  /** 0 for money collected one by one; for a list bill's line, the group's payments and invoices when written. */
  installment: Generated<number>;
}

/** What will be charged, kept at completion (migration 1010, packages/domain charges.ts). */
export interface BillingRecordsTable {
  enrollment_id: string;
  payment_method: string;
  /** The payment method as shown: masked ("Visa card ending 4242", "EFT, JPMORGAN CHASE BANK account xxxxxxxx9012"). */
  payment_label: string;
  lines: ColumnType<BillingLine[], string, string>;
  admin_fee_cents: number;
  initial_cents: number;
  recurring_cents: number;
  bill_day: number;
  first_charge_on: DateCol;
  starts_on: DateCol;
  recurring_from: DateCol;
  created_at: TimestampDefault;
  /** The member's saved method this enrollment was paid with (migration 2401); the billing run charges it or a newer one. */
  payment_method_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last day of coverage when the grace period ended unpaid (migration 2500); null while the coverage runs. */
  coverage_ended_on: ColumnType<string | null, string | null | undefined, string | null>;
}
export interface BillingLine {
  kind: 'plan' | 'membership';
  plan_id: number | null;
  label: string;
  monthly_cents: number;
  admin_fee_cents: number;
}

export interface ScreenshotsTable {
  id: Generated<number>;
  enrollment_id: string;
  name: string;
  image: Uint8Array;
  created_at: TimestampDefault;
}

export type Plan = Selectable<PlansTable>;
export type NewPlan = Insertable<PlansTable>;
export type Enrollment = Selectable<EnrollmentsTable>;
export type EnrollmentUpdate = Updateable<EnrollmentsTable>;
export type Account = Selectable<AccountsTable>;

export interface PlanAnswersTable {
  enrollment_id: string;
  plan_id: number;
  kind: 'questions' | 'aflac';
  /** Sealed JSON of the answers (health content). */
  answers_enc: string;
  question_ids: ColumnType<number[], number[] | string, number[] | string>;
  declined: Generated<boolean>;
  all_yes: Generated<boolean>;
  updated_at: Generated<Timestamp>;
}

export interface TempDependentInfoTable {
  enrollment_id: string;
  plan_id: number | null;
  spouse_dob: ColumnType<string | null, string | null, string | null>;
  no_of_children: number | null;
  updated_at: Generated<Timestamp>;
}

/** The SQL of issue 10's comparison (compare-service.ts). */
export interface CompareSelectionsTable {
  enrollment_id: string;
  plan_ids: number[] | string;
  updated_at: Generated<Date>;
}

/**
 * The bank routing look-up that the documents call on a third-party service (enrollment.md 4.10), answered
 * from the store's own directory table, filled by the migration's shipped entries and by the Federal Reserve's
 * FedACH file (`npm run import-fedach`, fedach-import.ts). A paid look-up service can replace it behind
 * `RoutingDirectory` (setRoutingDirectory). docs/decisions/1011-routing-directory-and-typing.md.
 */
export interface RoutingDirectoryTable {
  routing_number: string;
  bank_name: string;
  city: string | null;
  state: string | null;
  source: Generated<'shipped' | 'fedach'>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface MemberPaymentMethodsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'bank' | 'card';
  account_name: string | null;
  bank_name: string | null;
  account_number_enc: string | null;
  account_last4: string | null;
  routing_number_enc: string | null;
  routing_last4: string | null;
  account_type: string | null;
  account_holder_type: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_token: string | null;
  expiration_month: string | null;
  expiration_year: string | null;
  name_on_cc: string | null;
  /** A bank return (R02, R03, R04, R07, R10, R29) stopped its debits (migration 2403); null: usable. */
  blocked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  blocked_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Tables of migration 1400 (issue 23). */
export interface CarriersTable {
  id: Generated<number>;
  name: string;
  isa_sender_qualifier: Generated<string>;
  isa_sender_id: string;
  isa_receiver_qualifier: Generated<string>;
  isa_receiver_id: string;
  group_number: string;
  usage_indicator: Generated<'T' | 'P'>;
  delivery_method: Generated<'folder' | 'sftp'>;
  batch_mode: Generated<'per_enrollment' | 'daily'>;
  ack_window_hours: Generated<number>;
  sftp_host: Generated<string>;
  sftp_port: Generated<number>;
  sftp_username: Generated<string>;
  sftp_remote_dir: Generated<string>;
  sftp_host_key: Generated<string>;
  /** The SFTP password or private key, sealed (db/sealed-columns.ts carrierSftpSecretContext). */
  sftp_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
  /** Days a file is kept after a 999 accepted it or the operator resolved it (migration 2310). */
  file_retention_days: Generated<number>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** Migration 1800: the carrier's member services phone (ID card). */
  member_phone: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 2560: the carrier's federal tax id, nine digits or empty (834 N1*IN*…*FI). */
  federal_tax_id: Generated<string>;
  /** Migration 2561: the 820 of premium each billing day, or on each month's first day. */
  remittance_schedule: Generated<'daily' | 'monthly'>;
  /** Migration 2530: the ID card's payer id, claims address and the carrier's logo (an image address). */
  payer_id: ColumnType<string | null, string | null | undefined, string | null>;
  claims_address: ColumnType<string | null, string | null | undefined, string | null>;
  logo: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CarrierFileStatus = 'generated' | 'delivered' | 'accepted' | 'accepted_with_errors' | 'rejected' | 'errored';

export interface CarrierFilesTable {
  id: number;
  carrier_id: number;
  /** 'remittance': an 820 of premium (migration 2561). */
  kind: 'enrollment' | 'daily' | 'remittance';
  status: Generated<CarrierFileStatus>;
  file_name: string;
  /** The X12 text, sealed (db/sealed-columns.ts carrierFileContext): it carries SSNs. */
  content_enc: string;
  interchange_control_number: number;
  group_control_number: number;
  transaction_count: number;
  ack_errors: ColumnType<unknown, string | undefined, string>;
  delivered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  acknowledged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When an operator resolved a file no 999 accepted (rejected, never acknowledged, errored), and who (migration 2310). */
  resolved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the retention deleted it: text blanked, archive copy removed. */
  purged_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface CarrierFileItemsTable {
  id: Generated<number>;
  carrier_id: number;
  enrollment_id: string;
  maintenance: Generated<'021' | '024' | '001'>;
  reason: string | null;
  effective_date: string | null;
  file_id: number | null;
  transaction_control_number: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** The one plan the item is about (migration 2540); null: every plan of the enrollment with the carrier. */
  plan_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The one dependent the item is about (migration 2650: a life event's addition or removal); null: the family. */
  dependent_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An acknowledgment picked up from a carrier's inbound folder (migration 1980): the claim of its content. */
export interface CarrierInboundFilesTable {
  id: Generated<number>;
  carrier_id: number;
  file_name: string;
  sha256: string;
  outcome: 'applied' | 'refused';
  message: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface QuotesTable {
  id: Generated<number>;
  enrollment_id: string;
  account_id: number | null;
  session_id: string | null;
  to_name: string;
  to_email: string;
  message: string | null;
  tab: string;
  data: ColumnType<Record<string, unknown>, Record<string, unknown> | string, Record<string, unknown> | string>;
  html: string;
  outbox_id: number | null;
  created_at: Generated<ColumnType<Date, Date | string | undefined, Date | string>>;
}

/** Tables of the storefront (migration 0100_storefront). */
export interface StorefrontSignupQueriesTable {
  id: Generated<number>;
  name: string;
  state: string;
  phone: string;
  email: string;
  created_at: Generated<Date>;
}

export interface StorefrontLeadsTable {
  device_id: string;
  web_url: string | null;
  agent_id: number | null;
  group_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface StorefrontAssistQuestionsTable {
  id: Generated<number>;
  question: string;
  sort_order: Generated<number>;
  active: Generated<boolean>;
}

export interface StorefrontAssistAnswersTable {
  id: Generated<number>;
  device_id: string;
  agent_id: number | null;
  question_id: number;
  answer: string;
  web_url: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface StorefrontTrafficTable {
  id: Generated<number>;
  enrollment_id: string;
  source: Generated<string>;
  created_at: Generated<Date>;
}

export interface EnrollmentEventsTable {
  id: Generated<string>;
  enrollment_id: string;
  seq: number;
  event_type: string;
  occurred_at: Stamp;
  ip: string | null;
  user_agent: string | null;
  identified_by: string;
  detail: ColumnType<Record<string, unknown>, string, string>;
  prev_hash: string;
  hash: string;
}

export interface IssuedDocumentsTable {
  sha256: string;
  enrollment_id: string;
  kind: string;
  confirmation_number: string;
  signed_at: Stamp;
  content_sha256: string;
  media_id: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PaymentAuthorizationsTable {
  id: Generated<string>;
  enrollment_id: string;
  method: string;
  language: string;
  text: string;
  text_sha256: string;
  accepted_at: Stamp;
  ip: string | null;
  last_debit_on: Day | null;
  keep_until: Day | null;
}

/** The census of a group (migration 1860): one row per employee e-mail (lower case). */
export interface GroupEmployeesTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  email: string;
  dob: ColumnType<string, string, string>;
  invited_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  reminded_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  waived_at: ColumnType<Date | string | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date | string, Date | undefined, never>;
  updated_at: ColumnType<Date | string, Date | undefined, Date>;
}

/**
 * Durable scheduled jobs (docs/decisions/0850-reminders-and-mail-language.md). A job is a row of scheduled_jobs
 * (kind, enrollment, due_at, payload, status, attempts). The worker of every store process claims due rows one
 * at a time with FOR UPDATE SKIP LOCKED and runs the job's handler in the same transaction as the row's change
 * to 'done': whatever the handler writes (the outbox row of a mail) commits exactly once, however many
 * processes poll. The clock is app.config.now (tests move it) and the worker stops with the app.
 */
export interface ScheduledJobsTable {
  id: import('kysely').Generated<number>;
  kind: string;
  enrollment_id: string | null;
  due_at: Date | string;
  status: import('kysely').Generated<'pending' | 'done' | 'cancelled' | 'failed'>;
  attempts: import('kysely').Generated<number>;
  last_error: string | null;
  payload: import('kysely').ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: import('kysely').ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: import('kysely').ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * Durable scheduled jobs (plugins/jobs.ts, docs/decisions/0850-reminders-and-mail-language.md).
 */
export interface ScheduledJobsTable {
  id: Generated<number>;
  kind: string;
  enrollment_id: string | null;
  due_at: Date | string;
  status: Generated<'pending' | 'done' | 'cancelled' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type PremiumPaymentStatus = 'pending' | 'unknown' | 'succeeded' | 'declined' | 'submitted' | 'returned' | 'failed' | 'void';
/** One payment per enrollment and billing period (migration 2400, issue 36): the charge or debit that collects it. */
export interface PremiumPaymentsTable {
  id: Generated<number>;
  enrollment_id: string;
  /** The month the coverage it pays begins (yyyy-mm, packages/domain billing-schedule.ts). */
  period: string;
  payment_index: number;
  due_on: DateCol;
  amount_cents: number;
  method: 'cc' | 'eft';
  idempotency_key: string;
  status: ColumnType<PremiumPaymentStatus, PremiumPaymentStatus | undefined, PremiumPaymentStatus>;
  attempts: Generated<number>;
  next_try_on: ColumnType<string | null, string | null | undefined, string | null>;
  provider_charge_id: string | null;
  failure_code: string | null;
  ach_sequence: number | null;
  created_at: TimestampDefault;
  updated_at: TimestampDefault;
  /** The NACHA file an EFT payment was debited in (migration 2402). */
  ach_file_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the bank returned the debit (migration 2403); failure_code holds the return reason (R01…). */
  returned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The member's method the payment was debited from (migration 2403). */
  method_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type LedgerKind = 'charge' | 'payment' | 'decline' | 'return' | 'refund' | 'adjustment';
/** The money that moved, in cents (migration 2400): a row is never changed; a correction is a new row. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  enrollment_id: string | null;
  period: string;
  kind: LedgerKind;
  amount_cents: number;
  payment_id: number | null;
  reason: string | null;
  idempotency_key: string;
  created_at: TimestampDefault;
  /**
   * The row's place in the ledger's hash chain, the previous row's hash and its own (migration 2510: set by a trigger,
   * or by the billing run's batch and checked by a trigger, migration 2840).
   */
  chain_seq: ColumnType<number | null, number | undefined, never>;
  prev_hash: ColumnType<string | null, string | undefined, never>;
  hash: ColumnType<string | null, string | undefined, never>;
}

/** The operator's ACH settings (migration 2402): one row. */
export interface AchSettingsTable {
  id: ColumnType<1, 1 | undefined, never>;
  odfi_routing: string;
  odfi_name: string;
  company_name: string;
  company_id: string;
  retention_days: Generated<number>;
  updated_at: TimestampDefault;
  /** Migration 2622: how the bank gets the files (folder: ACH_OUT_DIR; sftp: uploaded), and its SFTP server. */
  delivery_method: Generated<'folder' | 'sftp'>;
  sftp_host: Generated<string>;
  sftp_port: Generated<number>;
  sftp_username: Generated<string>;
  sftp_remote_dir: Generated<string>;
  sftp_host_key: Generated<string>;
  /** Sealed JSON { password?, private_key? } (db/sealed-columns.ts achSftpSecretContext). */
  sftp_secret_enc: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A day's NACHA file of EFT debits (migration 2402): its text sealed (db/sealed-columns.ts achFileContext). */
export interface AchFilesTable {
  id: Generated<number>;
  file_name: string;
  created_on: DateCol;
  effective_on: DateCol;
  entry_count: number;
  /** bigint (both drivers read int8 as a number: db/client.ts). */
  total_cents: number;
  content_enc: string | null;
  keep_until: DateCol;
  purged_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: TimestampDefault;
  /** Migration 2622: uploaded to the bank's SFTP server (null: not yet, or the bank takes it from the folder). */
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  delivery_attempts: Generated<number>;
  delivery_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A one-time link to the change-payment form, mailed to a payer without an account (migration 2500). */
export interface PaymentChangeLinksTable {
  nonce: string;
  user_id: number;
  enrollment_id: string;
  expires_at: Date | string;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: TimestampDefault;
}

/** A list-bill group's invoice for a month (migration 2670): one per group and period. */
export interface InvoicesTable {
  id: Generated<number>;
  group_id: number;
  period: string;
  issued_on: DateCol;
  due_on: DateCol;
  /** What earlier invoices billed less every payment recorded before this one (negative: a credit). */
  previous_balance_cents: number;
  lines_cents: number;
  amount_due_cents: number;
  mailed_to: string | null;
  created_at: TimestampDefault;
}
export interface InvoiceLinesTable {
  id: Generated<number>;
  invoice_id: number;
  enrollment_id: string;
  label: string;
  covers_period: string;
  kind: 'premium' | 'added' | 'ended';
  days: number;
  amount_cents: number;
}
export interface InvoicePaymentsTable {
  id: Generated<number>;
  invoice_id: number;
  method: 'check' | 'ach';
  amount_cents: number;
  reference: string;
  received_on: DateCol;
  recorded_by: number | null;
  idempotency_key: string;
  created_at: TimestampDefault;
  /** Migration 2910 (decision 2812): a reversal (negative) names the payment it reverses, with the operator's reason. */
  reverses_payment_id: ColumnType<number | null, number | null | undefined, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
}

/** The settings of a life event type (migration 2650). */
export interface LifeEventSettingsTable {
  event_type: string;
  window_days: number;
  needs_proof: boolean;
  updated_at: TimestampDefault;
}

export type LifeEventStatus = 'awaiting_proof' | 'in_review' | 'approved' | 'rejected';
/** A member's life event (migration 2650): its window, its proof (a sealed private media row) and the decision. */
export interface LifeEventsTable {
  id: Generated<number>;
  user_id: number;
  enrollment_id: string;
  event_type: string;
  event_date: DateCol;
  effective_date: DateCol;
  window_closes: DateCol;
  status: LifeEventStatus;
  document_media_id: ColumnType<string | null, string | null | undefined, string | null>;
  document_type: ColumnType<string | null, string | null | undefined, string | null>;
  document_uploaded_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  reason: ColumnType<string | null, string | null | undefined, string | null>;
  reported_by: number | null;
  reported_by_rep: Generated<boolean>;
  decided_by: ColumnType<number | null, number | null | undefined, number | null>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: TimestampDefault;
}

// ---- Renewal changes, open enrollment's effect, proof retention (migration 2760, decision 2660) ----
/** What a renewal date did to a policy, once per policy and date. */
export interface RenewalChangesTable {
  policy_id: number;
  starts_on: DateCol;
  action: 'moved' | 'ended' | 'lapsed' | 'replaced' | 'merged';
  new_policy_id: number | null;
  created_at: TimestampDefault;
}
/** An open enrollment's invitation or reminder, once per census employee and period. */
export interface OpenEnrollmentMailsTable {
  employee_id: number;
  opens_on: DateCol;
  kind: 'invitation' | 'reminder';
  sent_at: TimestampDefault;
}
export interface Database {
  renewal_changes: RenewalChangesTable;
  open_enrollment_mails: OpenEnrollmentMailsTable;
}
export interface CarrierFileItemsTable {
  /** The plan an item's policy moves from (to `plan_id`) at a renewal, at the same carrier (migration 2760). */
  replaced_plan_id: ColumnType<number | null, number | null | undefined, number | null>;
}
export interface GroupsTable {
  /** Open enrollment's reminders go out this many days before it closes (migration 2760). */
  open_enrollment_reminder_days: Generated<number>;
}
export interface LifeEventSettingsTable {
  /** A decided event's proof is deleted this many days after the decision (migration 2760). */
  document_retention_days: Generated<number>;
}

// ---------- Issue 39, coverage confirmed by the carrier (migration 2730; decision 2630) ----------
// Columns added to tables declared above, merged into their interfaces here to keep this feature's additions apart.
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
export type CarrierCoverageStatus = 'confirmed' | 'rejected';
export interface PoliciesTable {
  /** Null: the carrier has not confirmed the coverage (a 999 accepting the file does not). */
  carrier_status: Nullable<CarrierCoverageStatus>;
  /** The carrier's policy number (REF*1L of its effectuation 834, or as the operator recorded it). */
  carrier_policy_number: Nullable<string>;
  carrier_status_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  carrier_status_source: Nullable<'effectuation' | 'operator'>;
  carrier_rejection_reason: Nullable<string>;
  /** What became of the premium of a rejected plan: refunded through the refund path, or held (a ledger row). */
  rejection_settlement: Nullable<'refunded' | 'held'>;
  rejection_settled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the rep was mailed that the plan's premium waits for the carrier's confirmation (once). */
  unconfirmed_told_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
export interface CarriersTable {
  /** Days after the first premium collected within which the carrier confirms a plan, or it is flagged. */
  confirmation_window_days: Generated<number>;
}
/* ---------- Migration 2720 (issue 39): commissions, decision 2620 ---------- */
export interface CommissionSettingsTable {
  id: number;
  chargeback_months: Generated<number>;
  updated_at: TimestampDefault;
}
export interface CommissionSchedulesTable {
  id: Generated<number>;
  carrier_id: number;
  /** null: the carrier's default for its plans without a schedule of their own. */
  plan_id: number | null;
  first_year_bp: number;
  renewal_bp: number;
  flat_cents: number;
  updated_at: TimestampDefault;
}
export interface CommissionStatementsTable {
  id: Generated<number>;
  agent_id: number;
  month: string;
  issued_on: DateCol;
  total_cents: number;
  row_count: number;
  created_at: TimestampDefault;
}
export interface CommissionEntriesTable {
  id: Generated<number>;
  statement_id: number;
  agent_id: number;
  kind: 'first_year' | 'renewal' | 'flat' | 'override' | 'refund_chargeback' | 'early_end_chargeback';
  enrollment_id: string;
  plan_id: number;
  ledger_entry_id: number | null;
  writing_agent_id: number;
  period: string;
  basis_cents: number;
  rate_bp: number | null;
  amount_cents: number;
  idempotency_key: string;
  reverses_key: string | null;
  created_at: TimestampDefault;
}
