import type { ReactNode } from 'react';

export function Alert({
  kind = 'error',
  children,
  id,
}: {
  kind?: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  id?: string;
}) {
  if (!children) return null;
  return (
    <div id={id} className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-dot" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
