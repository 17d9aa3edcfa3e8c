import type { ReactNode } from 'react';

/**
 * A message in a tinted box with a strong left edge (styles/components.css). An error is announced at once
 * (role alert); the others politely (role status). Nothing renders without children.
 */
export function Alert({
  kind = 'error',
  title,
  children,
  id,
}: {
  kind?: 'error' | 'success' | 'info' | 'warning';
  /** A bold first line. */
  title?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  if (!children) return null;
  return (
    <div id={id} className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {title && <strong className="alert-title">{title}</strong>}
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
