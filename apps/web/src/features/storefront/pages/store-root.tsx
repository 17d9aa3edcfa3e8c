import { useSite } from '../../site/site-context';
import { useMe } from '../../auth/api';
import { HomePage } from '../home-page';
import { lazyPage } from '../../../lib/lazy';

const GroupHomePage = lazyPage(() => import('./enrollment-home-page'), 'GroupHomePage');

/** '/': the home or landing page; on the dental-branded host the signed-in group administrator's home is '/'. */
export function StoreRoot() {
  const site = useSite();
  const me = useMe();
  if (site.kind === 'dental' && me.data?.signed_in && me.data.role === 'group') return <GroupHomePage />;
  return <HomePage />;
}
