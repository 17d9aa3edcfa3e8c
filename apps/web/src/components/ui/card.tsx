import type { HTMLAttributes, ReactNode } from 'react';

/**
 * A white surface with a hairline border and a soft shadow (.card). `title` gives it a heading (h2 unless
 * `level` says); `raised` lifts it further (a card that is the page's main choice).
 */
export function Card({
  title,
  level = 2,
  raised = false,
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLElement> & { title?: ReactNode; level?: 2 | 3; raised?: boolean; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={['card', raised && 'card-raised', className].filter(Boolean).join(' ')} {...rest}>
      {title && <Heading className="card-title">{title}</Heading>}
      {children}
    </section>
  );
}
