import { useTranslation } from 'react-i18next';
import { PROVIDER_NETWORKS } from '@store/domain/storefront';

/** /provider-list: dental networks (4) and vision networks (2), each with a Provider Search link in a new tab. */
export function ProviderListPage() {
  const { t } = useTranslation();
  const section = (title: string, list: readonly { name: string; url: string; logo: string }[], hue: number) => (
    <section className="provider-section" aria-labelledby={`pl-${hue}`}>
      <h2 id={`pl-${hue}`}>{t(title)}</h2>
      <ul className="grid provider-cards">
        {list.map((p) => (
          <li key={p.name} className="card provider-card">
            {/* The network's logo (a designed SVG the seed stores as media; apps/server/assets/brands). */}
            <img className="network-logo" src={`/media/${p.logo}`} alt={`${p.name} logo`} width={200} height={60} loading="lazy" />
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
