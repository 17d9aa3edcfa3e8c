import type { TMe } from '@store/domain/auth';

export { postSignIn, postSecondFactor, useSecondFactor, useSignIn } from './sign-in';

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
