import type { TMe } from '@store/domain/auth';

/** Sign-in, sign-out and who am I: one file per call (get-me, sign-in, sign-out, check-second-factor). */
export { getMe, meQuery, useMe } from './get-me';
export { postSignIn, postSecondFactor, useSecondFactor, useSignIn } from './sign-in';
export { postSignOut, useSignOut } from './sign-out';
export { needsSecondFactor, postCheckSecondFactor } from './check-second-factor';

/** Where a signed-in person starts. */
export function homeFor(role: TMe['role']): string {
  switch (role) {
    case 'rep':
      return '/agent-home';
    case 'group':
      return '/group-home';
    case 'member':
      return '/member-home';
    case 'operator':
      return '/admin';
    default:
      return '/';
  }
}
