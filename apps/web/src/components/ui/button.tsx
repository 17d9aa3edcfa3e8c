import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The class names of a button, for a link that looks like one (`<Link className={buttonClass('secondary')}>`). */
export const buttonClass = (variant: ButtonVariant = 'primary', size: ButtonSize = 'md', block = false, extra?: string) =>
  ['btn', `btn-${variant}`, size !== 'md' && `btn-${size}`, block && 'btn-block', extra].filter(Boolean).join(' ');

/**
 * The store's button (styles/components.css): one strong primary per view, outlined secondary, quiet link, danger.
 * `busy` disables it and says so to assistive technology; `type` is 'button' unless given.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  busy,
  className,
  children,
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; busy?: boolean }) {
  return (
    <button
      type="button"
      className={buttonClass(variant, size, block, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
    </button>
  );
}
