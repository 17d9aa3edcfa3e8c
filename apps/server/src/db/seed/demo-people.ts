import { PLAN_IDS } from './demo-catalog.ts';
import type { PaymentMethod } from '@store/domain/codes';

/** People, codes, sites and portals of demo-data.md (fixed: tests rely on them). */

const SUPPORT_PHONE = '8005550199';

export const DEMO_SITES = [
  {
    host: 'localhost',
    kind: 'main' as const,
    name: 'Benefit Store',
    site_flag: 'true',
    group_id: null,
    portal_id: null,
    settings: {
      site_name: 'Benefit Store',
      support_phone: SUPPORT_PHONE,
      support_email: 'support@benefitstore.example.com',
      theme_color: '#1d4ed8',
    },
  },
  {
    host: '127.0.0.1',
    kind: 'main' as const,
    name: 'Benefit Store',
    site_flag: 'true',
    group_id: null,
    portal_id: null,
    settings: {
      site_name: 'Benefit Store',
      support_phone: SUPPORT_PHONE,
      support_email: 'support@benefitstore.example.com',
      theme_color: '#1d4ed8',
    },
  },
  {
    host: 'dental.localhost',
    kind: 'dental' as const,
    name: 'Dental Marketplace',
    site_flag: 'true',
    group_id: null,
    portal_id: null,
    settings: {
      site_name: 'Dental Marketplace',
      support_phone: SUPPORT_PHONE,
      support_email: 'dental@benefitstore.example.com',
      theme_color: '#0f766e',
    },
  },
  {
    host: 'partner.localhost',
    kind: 'partner' as const,
    name: 'Partner Benefits',
    site_flag: 'false',
    group_id: null,
    portal_id: null,
    settings: {
      site_name: 'Partner Benefits',
      support_phone: SUPPORT_PHONE,
      support_email: 'partner@benefitstore.example.com',
      theme_color: '#7c3aed',
    },
  },
  {
    host: 'goenroll.localhost',
    kind: 'go-enroll' as const,
    name: 'Go Enroll',
    site_flag: 'true',
    group_id: 3001,
    portal_id: 501,
    settings: {
      site_name: 'Go Enroll',
      support_phone: SUPPORT_PHONE,
      support_email: 'goenroll@benefitstore.example.com',
      theme_color: '#b45309',
    },
  },
];

export const DEMO_PORTALS = [
  { platform_group_id: 501, platform_name: 'Direct Enrollment', platform_code: 'DIRECT' },
  { platform_group_id: 502, platform_name: 'Elevate Benefits', platform_code: 'ELEVATE' },
];

const agent = (a: {
  agent_id: number;
  first_name: string;
  last_name: string;
  agent_code: string;
  email?: string | null;
  phone?: string | null;
  landing_url?: string | null;
  display_name?: string;
  tagline?: string;
  agent_bio?: string;
  logo?: string | null;
  portals?: number[];
}) => ({
  agent_id: a.agent_id,
  first_name: a.first_name,
  middle_name: null,
  last_name: a.last_name,
  agent_code: a.agent_code,
  email: a.email ?? null,
  phone: a.phone ?? null,
  landing_url: a.landing_url ?? null,
  display_name: a.display_name ?? `${a.first_name} ${a.last_name}`,
  display_phone: a.phone ?? SUPPORT_PHONE,
  display_email: a.email ?? 'support@benefitstore.example.com',
  display_about_name: a.display_name ?? `${a.first_name} ${a.last_name}`,
  tagline: a.tagline ?? 'Dental, vision and life plans made simple',
  logo: a.logo ?? null,
  image: null,
  image_link: null,
  banner_image: null,
  agent_bio: a.agent_bio ?? null,
  portals: a.portals ?? [],
});

export const DEMO_AGENTS = [
  agent({
    agent_id: 10109,
    first_name: 'Benefit Store',
    last_name: 'Direct',
    agent_code: 'HOUSE10109',
    display_name: 'Benefit Store Direct',
    portals: [501],
    agent_bio: 'Benefit Store Direct is the house agency of the store.',
  }),
  agent({
    agent_id: 139,
    first_name: 'Guest',
    last_name: 'Agent',
    agent_code: 'GUEST139',
    display_name: 'Benefit Store Guest Agent',
    portals: [501],
  }),
  agent({
    agent_id: 20001,
    first_name: 'Jordan',
    last_name: 'Avery',
    agent_code: 'AGENT100',
    email: 'jordan.avery@example.com',
    phone: '5550100100',
    landing_url: 'jordan-avery',
    tagline: 'Helping families find the right dental and vision coverage',
    logo: '/media/agent-20001-logo.svg',
    agent_bio: 'Jordan Avery has helped families and small employers choose dental, vision and life coverage for over ten years.',
    portals: [501, 502],
  }),
  agent({
    agent_id: 20002,
    first_name: 'Casey',
    last_name: 'Morgan',
    agent_code: 'AGENT200',
    email: 'casey.morgan@example.com',
    phone: '5550100200',
    portals: [501],
  }),
];

const group = (g: {
  group_id: number;
  gname: string;
  gcode: string;
  agent_id?: number | null;
  landing_url?: string | null;
  logo?: string | null;
  gweb_aboutus?: string;
  portals?: number[];
  address?: { phone: string; address1: string; city: string; state: string; zip: string };
  payment_method?: PaymentMethod;
}) => ({
  group_id: g.group_id,
  gname: g.gname,
  gcode: g.gcode,
  agent_id: g.agent_id ?? null,
  landing_url: g.landing_url ?? null,
  display_name: g.gname,
  display_phone: g.address?.phone ?? SUPPORT_PHONE,
  display_email: 'benefits@benefitstore.example.com',
  display_about_name: g.gname,
  tagline: `Benefits for the people of ${g.gname}`,
  logo: g.logo ?? null,
  image: null,
  image_link: null,
  banner_image: null,
  gweb_aboutus: g.gweb_aboutus ?? `${g.gname} offers its people dental, vision and life plans through the Benefit Store.`,
  phone: g.address?.phone ?? null,
  address1: g.address?.address1 ?? null,
  city: g.address?.city ?? null,
  state: g.address?.state ?? null,
  zip: g.address?.zip ?? null,
  payment_method: g.payment_method ?? null,
  portals: g.portals ?? [501],
});

export const DEMO_GROUPS = [
  group({ group_id: 77, gname: 'Benefit Store Members', gcode: 'MEMBERS77' }),
  group({ group_id: 1929, gname: 'Member Tier Link Group', gcode: 'TIER1929' }),
  group({
    group_id: 3001,
    gname: 'Acme Manufacturing',
    gcode: 'ACME01',
    agent_id: 20001,
    landing_url: 'acme',
    logo: '/media/group-3001-logo.svg',
    portals: [501, 502],
    address: { phone: '2125550142', address1: '350 Fifth Avenue', city: 'New York', state: 'NY', zip: '10001' },
  }),
  group({
    group_id: 3003,
    gname: 'Harbor Schools',
    gcode: 'HARBOR01',
    agent_id: 20001,
    logo: '/media/group-3003-logo.svg',
    address: { phone: '2145550177', address1: '1500 Marilla Street', city: 'Dallas', state: 'TX', zip: '75201' },
  }),
  group({ group_id: 3002, gname: 'Northwind Logistics', gcode: 'NOLAND01' }),
  group({ group_id: 2556, gname: 'Enroller Code Group 2556', gcode: 'G2556' }),
  group({ group_id: 2512, gname: 'Enroller Code Group 2512', gcode: 'G2512' }),
  // Issue 26: one group per rare payment method of enrollment.md 4.10 (the others keep the store's rule).
  group({ group_id: 3101, gname: 'Bankline Credit Union', gcode: 'EFTONLY', payment_method: 'eft' }),
  group({ group_id: 3102, gname: 'Elm Street Co-op', gcode: 'ELIST01', payment_method: 'elist' }),
  group({ group_id: 3103, gname: 'Statement Printing Works', gcode: 'STMT01', payment_method: 'stmt' }),
];

type DemoMember = {
  user_id: number;
  first_name: string;
  middle_name: null;
  last_name: string;
  dob: string;
  gender: string;
  email: string;
  phone: string;
  ssn: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  agent_id: number;
  group_id: number | null;
  plans: { plan_id: number; tier: string; status: 'ACTIVE' | 'INACTIVE'; effective_date: string }[];
};

const member = (
  user_id: number,
  first: string,
  last: string,
  dob: string,
  gender: string,
  group_id: number | null,
  plans: DemoMember['plans'],
  zip = '10001',
): DemoMember => ({
  user_id,
  first_name: first,
  middle_name: null,
  last_name: last,
  dob,
  gender,
  email: `${first}.${last}@example.com`.toLowerCase(),
  phone: `55502${String(user_id).padStart(5, '0')}`,
  ssn: `5121${String(user_id).padStart(5, '0')}`, // area 512, group 10: a number that could be issued
  address1: `${100 + user_id} Main Street`,
  city: zip === '75201' ? 'Dallas' : 'New York',
  state: zip === '75201' ? 'TX' : 'NY',
  zip,
  agent_id: 20001,
  group_id,
  plans,
});

const active = (plan_id: number, tier = 'IO') => ({ plan_id, tier, status: 'ACTIVE' as const, effective_date: '2026-01-01' });
const inactive = (plan_id: number, tier = 'IO') => ({ plan_id, tier, status: 'INACTIVE' as const, effective_date: '2025-01-01' });

/** AGENT100's current members: two pages of five; one with an inactive plan. Riley Chen is a member of Acme. */
export const DEMO_MEMBERS: DemoMember[] = [
  member(1001, 'Riley', 'Chen', '1988-04-12', '1', 3001, [active(PLAN_IDS.dentalEssentials)]),
  member(1002, 'Morgan', 'Patel', '1979-09-30', '0', 3001, [active(PLAN_IDS.dentalEssentials, 'IS'), active(PLAN_IDS.visionClear, 'IS')]),
  member(1003, 'Avery', 'Johnson', '1992-02-03', '1', 3003, [active(PLAN_IDS.visionClear)], '75201'),
  member(
    1004,
    'Taylor',
    'Nguyen',
    '1985-11-21',
    '0',
    3003,
    [inactive(PLAN_IDS.dentalPreferredPlus), active(PLAN_IDS.visionClear)],
    '75201',
  ),
  member(1005, 'Jamie', 'Garcia', '1970-06-15', '1', null, [active(PLAN_IDS.dentalPreferredPlus, 'IF')]),
  member(1006, 'Drew', 'Williams', '1995-08-08', '0', 3001, [active(PLAN_IDS.dentalEssentials)]),
  member(1007, 'Cameron', 'Brooks', '1966-12-01', '1', null, [active(PLAN_IDS.visionClear, 'IS')]),
  member(1008, 'Quinn', 'Foster', '1990-05-27', '0', 3003, [active(PLAN_IDS.dentalEssentials, 'IC')], '75201'),
];

/**
 * The demo operator's authenticator secret (published in README like its password, so development and the tests can
 * make its codes): any TOTP app takes it. Production seeds no demo data unless SEED_DEMO=true.
 */
export const DEMO_OPERATOR_TOTP_SECRET = 'BENEFITSTOREDEMOADMINTOTPSECRETA';

export const DEMO_ACCOUNTS: {
  email: string;
  password: string;
  role: 'rep' | 'group' | 'member' | 'operator';
  agent_id?: number;
  group_id?: number;
  user_id?: number;
  totp_secret?: string;
}[] = [
  { email: 'jordan.avery@example.com', password: 'Demo-Rep-2026', role: 'rep' as const, agent_id: 20001 },
  { email: 'hr@acme.example.com', password: 'Demo-Group-2026', role: 'group' as const, group_id: 3001 },
  { email: 'riley.chen@example.com', password: 'Demo-Member-2026', role: 'member' as const, user_id: 1001 },
  { email: 'admin@example.com', password: 'Demo-Admin-2026', role: 'operator' as const, totp_secret: DEMO_OPERATOR_TOTP_SECRET },
];

export const DEMO_REFERRALS = [
  { referral_id: 'REF100', agent_id: 20001, group_id: null, portal_id: 501, valid: true },
  { referral_id: 'REFBAD', agent_id: 20001, group_id: null, portal_id: 501, valid: false },
];
