import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { TMe } from '@store/domain/auth';
import { Spinner } from '../../../components/ui/alert';
import { useMe } from '../../../lib/auth/get-me';

/** Rep, group and member homes need that person signed in; anyone else goes to /sign-in?next=… */
export function RequireAccount({ role, children }: { role: NonNullable<TMe['role']>; children: (me: TMe) => ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isLoading) return <Spinner />;
  if (!me.data?.signed_in || me.data.role !== role) {
    return <Navigate to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return <>{children(me.data)}</>;
}
