import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '@store/domain/format';
import { useSite } from '../../lib/site/site-context';
import { useBranding } from '../../lib/site/api/branding';
import { useStored } from '../../lib/storage';
import { QuoteForm } from '../../components/quote/quote-form';
import { QuickStart } from '../../components/quote/quick-start';
import { FeaturedPlans } from './sections/featured-plans';
import { PlanGroups } from './sections/plan-groups';
import { PlanTypeTiles } from './sections/plan-type-tiles';
import { CoverageTable } from './sections/coverage-table';
import { HelpFindPlan } from './sections/help-find-plan';
import { EnrollingFor } from './sections/enrolling-for';
import { HeroArt } from './sections/hero-art';
import './storefront.css';

/** On a group's link: when its enrollment opens or ended (issue 24); its code loads only for group visitors. */
const EnrollmentWindowNotice = lazy(() =>
  import('./group-home/enrollment-window-notice').then((m) => ({ default: m.EnrollmentWindowNotice })),
);

/**
 * The home or landing page (/, /home, /{landing_url}): the rep's or group's branding and the quote form in
 * the banner (on the dental host its early slide, gender and tobacco use, instead: one form), then featured plans, plan groups, plan-type tiles, the dental coverage table and the
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
            {openType === 'group' && (
              <Suspense fallback={null}>
                <EnrollmentWindowNotice />
              </Suspense>
            )}
            <p className="hero-sub">{t(heroTitle)}</p>
            {branding && (
              <ul className="contact-list">
                {branding.display_phone && <li>{formatPhone(branding.display_phone)}</li>}
                {branding.display_email && <li>{branding.display_email}</li>}
              </ul>
            )}
            <EnrollingFor />
            <HeroArt image={site.settings.hero_image} />
          </div>
          {/* One quote form: the dental host's is the early slide (two quick questions, then the wizard). */}
          {dental ? <QuickStart /> : <QuoteForm title="Get a quote in seconds" />}
        </div>
      </section>
      <FeaturedPlans />
      <PlanGroups />
      <PlanTypeTiles images={site.settings} />
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
