import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useMe } from '../../lib/auth/get-me';
import { useSignOut } from '../../lib/auth/sign-out';
import './admin.css';

const NAV = [
  ['sites', 'Sites'],
  ['agents', 'Reps'],
  ['groups', 'Groups'],
  ['portals', 'Portals'],
  ['accounts', 'Accounts'],
  ['plans', 'Plans'],
  ['enrollments', 'Enrollments'],
  ['outbox', 'Outbox'],
  ['leads', 'Leads'],
  ['carriers', 'Carriers'],
  ['carrier-files', 'Carrier files'],
  ['ledger', 'Ledger'],
  ['ach-files', 'ACH files'],
  ['invoices', 'Invoices'],
  ['commissions', 'Commissions'],
  ['life-events', 'Life events'],
] as const;

/** The console's shell around every /admin page: signed-in operators only; anyone else is asked to sign in. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const me = useMe();
  const location = useLocation();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  if (me.isLoading) return <Spinner />;
  if (!me.data?.signed_in || me.data.role !== 'operator') {
    return (
      <section className="page narrow admin-denied">
        <h1>{t('Operator console')}</h1>
        <p>{t('Please sign in with an operator account.')}</p>
        <Link className="btn btn-primary" to={`/sign-in?next=${encodeURIComponent(location.pathname)}`}>
          {t('Sign in')}
        </Link>
      </section>
    );
  }
  return (
    <div className="admin-shell">
      <header className="admin-top">
        <Link to="/admin" className="admin-brand">
          {t('Operator console')}
        </Link>
        <Button
          variant="secondary"
          className="admin-menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          {t('Menu')}
        </Button>
        <span className="admin-user">{me.data.email}</span>
        <Button variant="link" onClick={() => signOut.mutate()}>
          {t('Sign out')}
        </Button>
      </header>
      <div className="admin-body">
        <nav id="admin-nav" className={`admin-nav ${menuOpen ? 'open' : ''}`} aria-label={t('Console')}>
          <NavLink to="/admin" end onClick={() => setMenuOpen(false)}>
            {t('Dashboard')}
          </NavLink>
          {NAV.map(([path, label]) => (
            <NavLink key={path} to={`/admin/${path}`} onClick={() => setMenuOpen(false)}>
              {t(label)}
            </NavLink>
          ))}
        </nav>
        <div className="admin-content">{children}</div>
      </div>
    </div>
  );
}

export function AdminNotFound() {
  const { t } = useTranslation();
  return <h1>{t('Not found')}</h1>;
}
