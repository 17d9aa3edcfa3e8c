import { useSite } from '../../../lib/site/site-context';
import { useMe } from '../../../lib/auth/get-me';
import { HomePage } from '../home-page';
import { lazyPage } from '../../../lib/lazy';

const GroupHomePage = lazyPage(() => import('./group-home-page'), 'GroupHomePage');

/** '/': the home or landing page; on the dental-branded host the signed-in group administrator's home is '/'. */
export function StoreRoot() {
  const site = useSite();
  const me = useMe();
  if (site.kind === 'dental' && me.data?.signed_in && me.data.role === 'group') return <GroupHomePage />;
  return <HomePage />;
}
