import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoryName } from '@store/domain/codes';
import { TEXT } from '@store/domain/texts';
import { formatPhone } from '@store/domain/format';
import { useSite, useSiteRules } from '../../../lib/site/site-context';
import { useBranding } from '../../../lib/site/api/branding';
import { useMe } from '../../../lib/auth/get-me';
import { useSignOut } from '../../../lib/auth/sign-out';
import { LANGUAGES, setLanguage } from '../../../lib/i18n';
import { paths } from '../../../config/paths';
import { storage } from '../../../lib/storage';
import { OPEN_BASIC_DETAILS, OPEN_GET_STARTED, openGetStarted } from '../../../lib/quote/ui';
import { FilterBar } from '../../../components/quote/filter-bar';
import { useCartAmount, useCartCount } from '../api/get-cart-count';
import { useCommonMenu } from '../api/get-menu';
import { AboutButton } from './about-modal';
import { Launcher } from './launcher';
import { LocationBanner } from './location-banner';
import { lazyOnEvent } from '../../../lib/lazy';
import '../storefront.css';
import '../header.css';

/** The two dialogs load when something first asks for them. */
const GetStartedModal = lazyOnEvent(() => import('../../../components/quote/get-started-modal'), 'GetStartedModal', [OPEN_GET_STARTED]);
const BasicDetailsModal = lazyOnEvent(() => import('../../../components/quote/basic-details-modal'), 'BasicDetailsModal', [
  OPEN_BASIC_DETAILS,
]);

/** Pages that show the top filter bar (with or without the landing prefix). */
const FILTER_BAR_PAGES = /(^|\/)(plans|plan\/[^/]+\/[^/]+|cart)\/?$/;

/**
 * The store's header: brand and the rep's or group's contact line, 'FIND A PLAN', the category menu, the
 * cart with its count, About, the external launcher (site flag 'false'), sign-in and language; the
 * get-started wizard and the Basic Details popup are mounted here for every page.
 */
export function Header() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const rules = useSiteRules();
  const branding = useBranding();
  const me = useMe();
  const signOut = useSignOut();
  const cart = useCartCount();
  const menu = useCommonMenu();
  // The phone menu is open on the page where it was opened: moving to another page closes it.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpenOn(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);
  const count = cart.data ?? 0;
  const amount = useCartAmount().data;
  const showAmount = count > 0 && !!amount;
  return (
    <>
      <LocationBanner />
      <header className="site-header">
        <div className="header-inner">
          <Link to="/" className="brand" aria-label={t('Home')}>
            <img
              src={branding?.logo ?? site.settings.logo}
              alt={branding?.display_name ?? site.name}
              className="brand-logo"
              width={166}
              height={40}
            />
          </Link>
          <button type="button" className="btn btn-primary find-plan-btn" onClick={openGetStarted}>
            {t(TEXT.FIND_A_PLAN)}
          </button>
          {/* Phones and tablets: one button opens the panel below the header row (categories, contact, sign-in,
              language); from 900 px the panel's items sit in the row itself and this button is gone. */}
          <button
            type="button"
            className="btn btn-link menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="header-menu"
            onClick={() => setOpenOn(menuOpen ? null : pathname)}
          >
            <span className="menu-icon" aria-hidden="true" />
            <span className="menu-toggle-text">{t('Menu')}</span>
          </button>
          <div id="header-menu" className={`header-menu ${menuOpen ? 'open' : ''}`}>
            {branding && (
              <div className="header-contact">
                <strong>{branding.display_name}</strong>
                {branding.display_phone && <a href={`tel:${branding.display_phone}`}>{formatPhone(branding.display_phone)}</a>}
              </div>
            )}
            <CategoryMenu onNavigate={() => setOpenOn(null)} />
            {rules.showAbout && <AboutButton />}
            {rules.showLauncher && <Launcher />}
            {me.data?.signed_in ? (
              <button type="button" className="btn btn-link" onClick={() => signOut.mutate()}>
                {t('Log out')}
              </button>
            ) : (
              <Link to="/sign-in" className="btn btn-link">
                {t('Sign in')}
              </Link>
            )}
            <label className="sr-only" htmlFor="lang-select">
              {t('Language')}
            </label>
            <select
              id="lang-select"
              className="lang-select"
              value={i18n.language}
              onChange={(e) => void setLanguage(e.target.value === 'es' ? 'es' : 'en')}
            >
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.label}
                </option>
              ))}
            </select>
          </div>
          <Link to={paths.cart} className="cart-link">
            {/* The link's name is this whole sentence; the badge and amount beside the icon are what the eye reads. */}
            <span className="sr-only">
              {showAmount ? t('Cart, {{count}} items, ${{amount}} a month', { count, amount }) : t('Cart, {{count}} items', { count })}
            </span>
            <span className="cart-icon" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM6.2 6l.9 4.6.8 4.4h10.3l2.3-9H6.2ZM2 2h3.3l.6 2H22l-3.2 12.4a1 1 0 0 1-1 .6H7.2a1 1 0 0 1-1-.8L3.7 4H2V2Z"
                />
              </svg>
              <span className="cart-badge" data-testid="cart-count">
                {count}
              </span>
            </span>
            {showAmount && (
              <span className="cart-amount" data-testid="cart-amount" aria-hidden="true">
                ${amount}
              </span>
            )}
          </Link>
        </div>
      </header>
      <GetStartedModal categories={menu.data ?? []} />
      <BasicDetailsModal />
    </>
  );
}

/**
 * The top filter bar of the plans, plan and cart pages. It heads the page's main content (not the header): when
 * the quote arrives after the page, it pushes down only the page's loading spinner, not the whole page.
 */
export function PageFilterBar() {
  const location = useLocation();
  return FILTER_BAR_PAGES.test(location.pathname) ? <FilterBar /> : null;
}

/** The category menu: keys from get-common-menu, display names of the specification. */
function CategoryMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const menu = useCommonMenu();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const keys = menu.data ?? [];
  if (!keys.length) return null;
  return (
    <div className="category-menu" ref={ref}>
      <button type="button" className="btn btn-link" aria-expanded={open} aria-controls="category-list" onClick={() => setOpen((o) => !o)}>
        {t('Plans')}
      </button>
      {open && (
        <ul id="category-list" className="category-list">
          {keys.map((key) => (
            <li key={key}>
              <Link
                to={paths.plans(key)}
                onClick={() => {
                  storage.set('menuSelectedItem', key);
                  setOpen(false);
                  onNavigate();
                }}
              >
                {t(categoryName(key))}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
