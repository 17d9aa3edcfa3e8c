import { useTranslation } from 'react-i18next';
import { formatPhone } from '@store/domain/format';
import { useSite } from '../site/site-context';
import { useBranding } from '../site/api/branding';
import { useStored } from '../../lib/storage';
import { QuoteForm } from '../quote/components/quote-form';
import { QuickStart } from '../quote/components/quick-start';
import { FeaturedPlans } from './sections/featured-plans';
import { PlanGroups } from './sections/plan-groups';
import { PlanTypeTiles } from './sections/plan-type-tiles';
import { CoverageTable } from './sections/coverage-table';
import { HelpFindPlan } from './sections/help-find-plan';
import { EnrollingFor } from './sections/enrolling-for';
import './storefront.css';

/**
 * The home or landing page (/, /home, /{landing_url}): the rep's or group's branding and the quote form in
 * the banner, then featured plans, plan groups, plan-type tiles, the dental coverage table and the
 * plan-finder help. The variant follows the stored open type, process type and host.
 */
export function HomePage() {
  const { t } = useTranslation();
  const site = useSite();
  const branding = useBranding();
  const openType = useStored('open_type');
  const eprocess = useStored('eprocess');
  const dental = site.kind === 'dental';
  const variant =
    eprocess === 'rep' ? 'rep' : eprocess === 'group' || openType === 'group' ? 'group' : openType === 'agent' ? 'agent' : 'store';
  const heroTitle =
    variant === 'rep'
      ? 'Start a new enrollment'
      : variant === 'group'
        ? 'Benefits for you and your family'
        : dental
          ? 'Affordable dental plans for everyone'
          : 'Find the right plan for you';
  return (
    <div className={`home home-${variant} site-${site.kind}`}>
      <section className="hero" style={{ backgroundImage: `url(${branding?.banner_image ?? site.settings.banner_image})` }}>
        <div className="hero-inner hero-grid">
          <div className="hero-copy">
            <h1>{branding?.display_name ?? site.name}</h1>
            {branding?.tagline && <p className="tagline">{branding.tagline}</p>}
            <p className="hero-sub">{t(heroTitle)}</p>
            {branding && (
              <ul className="contact-list">
                {branding.display_phone && <li>{formatPhone(branding.display_phone)}</li>}
                {branding.display_email && <li>{branding.display_email}</li>}
              </ul>
            )}
            <EnrollingFor />
          </div>
          <QuoteForm title="Get a quote in seconds" />
        </div>
      </section>
      {dental && (
        <section className="page quick-start-section" aria-label={t('Quick start')}>
          <QuickStart />
        </section>
      )}
      <FeaturedPlans />
      <PlanGroups />
      <PlanTypeTiles />
      {branding?.about && (
        <section className="page about-block">
          <h2>
            {t('About')} {branding.about_name}
          </h2>
          <p>{branding.about}</p>
        </section>
      )}
      <CoverageTable />
      <HelpFindPlan />
    </div>
  );
}
