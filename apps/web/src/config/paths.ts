/**
 * One map of the app's paths. Under a landing-name prefix the router's basename adds it to every link and
 * navigation (app/router.tsx): /plans opened from /jordan-avery is /jordan-avery/plans.
 */
export const paths = {
  home: '/',
  homeVariant: (kind: 'home' | 'agent-home' | 'member-home' | 'group-home') => `/${kind}`,
  referrals: (rid: string) => `/referrals?rid=${encodeURIComponent(rid)}`,
  plans: (type?: string) => (type ? `/plans?type=${encodeURIComponent(type)}` : '/plans'),
  plan: (id: number, name: string) => `/plan/${id}/${encodeURIComponent(name.replace(/\s+/g, '-'))}`,
  cart: '/cart',
  compare: '/compare',
  providerList: '/provider-list',
  /** How the store protects what the application asks (issue 37). */
  privacy: '/privacy',
  agentSelectMember: '/agent-select-member',
  groupSelectMember: '/group-select-member',
  enrollment: (step: string) => `/enrollment/${step}`,
  receipt: '/enrollment/receipt',
  continueEnrollment: '/continue-enrollment',
  landingConfigError: (type: 'Group' | 'Agent') => `/landing-config-error/${type}`,
  notFound: '/404',
  signIn: '/sign-in',
  /** Where a dashboard's one-time sign-in link leads: asks before signing in (the token in the fragment). */
  signInLink: '/sign-in/link',
  admin: '/admin',
} as const;
