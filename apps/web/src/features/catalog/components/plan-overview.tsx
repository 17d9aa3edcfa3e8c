import { useTranslation } from 'react-i18next';
import type { TPlanDescription } from '@store/domain/catalog';
import { useFactsText } from '../compare/facts-text';
import { KeyNumbers } from './key-numbers';
import '../plan-content.css';

/** The blue bar's headline without the plan's name in front (the name is the page's one title). */
function tagline(plan: TPlanDescription): string {
  const text = plan.blueBarText.trim();
  if (text === plan.plan_name) return '';
  const prefix = `${plan.plan_name}:`;
  const rest = text.startsWith(prefix) ? text.slice(prefix.length).trim() : text;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** A plan page's title band: the logo, the plan's name once (the page's h1) and its headline. */
export function PlanHero({ plan }: { plan: TPlanDescription }) {
  const line = tagline(plan);
  return (
    <header className="plan-hero blue-bar">
      {plan.plan_logo && (
        // the plan's name is the title beside it: the logo adds nothing for a screen reader
        <img src={plan.plan_logo} alt="" className="plan-logo" width={400} height={120} fetchPriority="high" />
      )}
      <div>
        <h1>{plan.plan_name}</h1>
        {line && <p className="plan-tagline">{line}</p>}
      </div>
    </header>
  );
}

/** The plan's key numbers as a table (deductible, annual maximum, waiting periods; coverage and term; benefit amounts). */
export function PlanKeyNumbers({ plan }: { plan: TPlanDescription }) {
  const { t } = useTranslation();
  const text = useFactsText();
  return <KeyNumbers table caption={t('Key numbers')} items={text.keyNumbers(plan.plan_category, plan.benefits)} />;
}

/** The description, then the exclusions, the example and the FAQ as disclosure widgets (HTML sanitized by the server). */
export function PlanSections({ plan }: { plan: TPlanDescription }) {
  return (
    <>
      <section className="plan-description" dangerouslySetInnerHTML={{ __html: plan.body_text }} />
      {[
        [plan.exclusions_text_name, plan.exclusions_text],
        [plan.example_text_name, plan.example_text],
        [plan.faq_text_name, plan.faq_text],
      ].map(([name, html]) =>
        html ? (
          <details key={name} className="collapsible card">
            <summary>{name}</summary>
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </details>
        ) : null,
      )}
    </>
  );
}
