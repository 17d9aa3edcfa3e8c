import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STEP_ROUTES, type TabName } from '@store/domain/codes';

/**
 * The wizard's navigation bar: the current step active; the steps before the furthest one reached done (links), also
 * those after the current one while the person went back to change an answer.
 */
export function WizardNavBar({
  tabs,
  current,
  reached,
  hrefOf,
}: {
  tabs: TabName[];
  current: TabName | null;
  /** The index of the furthest step reached (the current one's at least). */
  reached: number;
  hrefOf(tab: TabName): string;
}) {
  const { t } = useTranslation();
  const currentIndex = current ? tabs.indexOf(current) : -1;
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Where the row scrolls sideways (phones), show the current step; the page itself does not move.
    const ol = list.current;
    const active = ol?.children[currentIndex] as HTMLElement | undefined;
    if (ol && active && ol.scrollWidth > ol.clientWidth) ol.scrollLeft = Math.max(0, active.offsetLeft - ol.offsetLeft - 16);
  }, [currentIndex]);
  // A row that scrolls sideways is reachable with the keyboard (Tab, then the arrow keys scroll it).
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const ol = list.current;
    if (!ol) return;
    const measure = () => setScrolls(ol.scrollWidth > ol.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(ol);
    return () => observer.disconnect();
  }, [tabs.length]);
  return (
    <nav className="wizard-nav" aria-label={t('Enrollment steps')}>
      <ol ref={list} tabIndex={scrolls ? 0 : undefined}>
        {tabs.map((tab, i) => {
          const state = i === currentIndex ? 'active' : i < currentIndex || i < reached ? 'done' : 'todo';
          const title = t(STEP_ROUTES[tab].title);
          return (
            <li key={tab} className={`wizard-step wizard-step-${state}`} data-state={state}>
              <span className="wizard-step-number" aria-hidden="true">
                {state === 'done' ? '✓' : i + 1}
              </span>
              {state === 'done' ? (
                <Link to={hrefOf(tab)}>
                  {title}
                  <span className="sr-only"> ({t('done')})</span>
                </Link>
              ) : (
                <span aria-current={state === 'active' ? 'step' : undefined}>{title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
