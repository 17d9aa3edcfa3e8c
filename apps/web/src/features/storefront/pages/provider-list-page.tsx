import { useTranslation } from 'react-i18next';
import { PROVIDER_NETWORKS } from '@store/domain/storefront';

/** A drawn logo for a network (initials on a coloured tile). */
function NetworkLogo({ name, hue }: { name: string; hue: number }) {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return (
    <svg viewBox="0 0 120 60" width="120" height="60" role="img" aria-label={`${name} logo`} className="network-logo">
      <rect width="120" height="60" rx="8" fill={`hsl(${hue} 60% 40%)`} />
      <text x="60" y="38" textAnchor="middle" fontSize="24" fontWeight="700" fill="#fff" fontFamily="system-ui, sans-serif">
        {initials}
      </text>
    </svg>
  );
}

/** /provider-list: dental networks (4) and vision networks (2), each with a Provider Search link in a new tab. */
export function ProviderListPage() {
  const { t } = useTranslation();
  const section = (title: string, list: readonly { name: string; url: string }[], hue: number) => (
    <section className="provider-section" aria-labelledby={`pl-${hue}`}>
      <h2 id={`pl-${hue}`}>{t(title)}</h2>
      <ul className="grid provider-cards">
        {list.map((p, i) => (
          <li key={p.name} className="card provider-card">
            <NetworkLogo name={p.name} hue={hue + i * 40} />
            <h3>{p.name}</h3>
            <a
              href={p.url}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-secondary"
              aria-label={`${t('Provider Search')}: ${p.name}`}
            >
              {t('Provider Search')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
  return (
    <div className="page provider-list">
      <h1>{t('Find a provider')}</h1>
      {section('Dental networks', PROVIDER_NETWORKS.dental, 200)}
      {section('Vision networks', PROVIDER_NETWORKS.vision, 20)}
    </div>
  );
}
