import {
  forwardRef,
  useId,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';
import { groupSsn } from '@store/domain/format';
import { retype } from '@store/domain/typing';
import { useDateTyping } from './date-typing';

/**
 * Form fields with a visible label and the error message beside the field (id `<name>_message`, as the
 * documents' '{name}_message' slot). Messages are translated through i18next.
 */
interface FieldShellProps {
  label: ReactNode;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** The control itself, given the attributes that tie it to its label, its message and its hint. */
  children: (control: ControlProps) => ReactNode;
  className?: string;
}

/** What every control of a FieldShell carries: its label's id, its state and its message for assistive technology. */
export interface ControlProps {
  id: string;
  className: 'input';
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export function FieldShell({ label, name, error, hint, required, children, className }: FieldShellProps) {
  const { t } = useTranslation();
  const inputId = `${name}-${useId().replace(/:/g, '')}`;
  const messageId = `${name}_message`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const describedBy = [error ? messageId : null, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${error ? 'field-invalid' : ''} ${className ?? ''}`}>
      <label htmlFor={inputId} className="field-label">
        {label}
        {required && (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({
        id: inputId,
        className: 'input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })}
      {hint && (
        <div id={hintId} className="field-hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={messageId} className="field-error" role="alert">
          {t(error)}
        </div>
      )}
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  fieldClassName?: string;
};

export const TextField = forwardRef<HTMLInputElement, InputProps>(function TextField(
  { label, name, error, hint, required, fieldClassName, ...rest },
  ref,
) {
  return (
    <FieldShell label={label} name={name} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => <input ref={ref} name={name} {...control} {...rest} />}
    </FieldShell>
  );
});

/** mm/dd/yyyy with automatic slashes, month capped at 12, day at 31; deleting a digit leaves the others in place. */
export const DateField = forwardRef<HTMLInputElement, InputProps>(function DateField({ onChange, ...props }, ref) {
  const typing = useDateTyping(ref, onChange);
  return (
    <TextField inputMode="numeric" placeholder="mm/dd/yyyy" autoComplete="off" {...props} ref={typing.ref} onChange={typing.onChange} />
  );
});

/** What was shown last in a field this module retypes: a backspace that only took a separator takes the digit before it. */
const lastShown = new WeakMap<HTMLInputElement, string>();

/** Retypes the field's text after the browser's edit (the caret stays after the same characters), then tells the form. */
function retyped(
  e: ChangeEvent<HTMLInputElement>,
  opts: Omit<Parameters<typeof retype>[2], 'deletedBackward' | 'previous'>,
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void,
) {
  const el = e.target;
  const next = retype(el.value, el.selectionStart ?? el.value.length, {
    ...opts,
    deletedBackward: (e.nativeEvent as InputEvent).inputType === 'deleteContentBackward',
    previous: lastShown.get(el),
  });
  if (next.value !== el.value) {
    el.value = next.value;
    el.setSelectionRange(next.caret, next.caret);
  }
  lastShown.set(el, next.value);
  onChange?.(e);
}

/**
 * An SSN shown grouped (123-45-6789) as it is typed or pasted, with or without dashes or spaces; digits only. A masked
 * SSN read back (xxxxx6789) shows as xxx-xx-6789 and goes back as it is; any edit of it starts a new one.
 */
export const SsnField = forwardRef<HTMLInputElement, InputProps>(function SsnField({ value, onChange, ...props }, ref) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      {...props}
      {...(value !== undefined ? { value: groupSsn(String(value)) } : {})}
      ref={(el) => {
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
        // A value the form set (react-hook-form's default) is shown grouped too.
        if (el && el.value && el.value !== groupSsn(el.value)) el.value = groupSsn(el.value);
      }}
      onChange={(e) => retyped(e, { allowed: /\d/, max: 9, format: groupSsn }, onChange)}
    />
  );
});

/**
 * Numbers only where numbers belong (weight, height, phone, zip, bank numbers): anything but digits is dropped as
 * it is typed or pasted ("(212) 555-0100" keeps 2125550100), the caret stays put. No maxLength attribute: the
 * browser would cut a paste before its dashes and spaces are dropped.
 */
export const DigitsField = forwardRef<HTMLInputElement, InputProps & { maxDigits: number }>(function DigitsField(
  { maxDigits, onChange, ...rest },
  ref,
) {
  return <TextField ref={ref} inputMode="numeric" {...rest} onChange={(e) => retyped(e, { allowed: /\d/, max: maxDigits }, onChange)} />;
});

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  options: { value: string; label: string }[];
  placeholder?: string;
  fieldClassName?: string;
};

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, name, error, hint, required, options, placeholder, fieldClassName, ...rest },
  ref,
) {
  const { t } = useTranslation();
  return (
    <FieldShell label={label} name={name} error={error} hint={hint} required={required} className={fieldClassName}>
      {(control) => (
        <select ref={ref} name={name} {...control} {...rest}>
          {placeholder !== undefined && <option value="">{t(placeholder)}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
});

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: ReactNode;
  name: string;
  error?: string | null;
  hint?: ReactNode;
};

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, name, error, hint, required, ...rest },
  ref,
) {
  return (
    <FieldShell label={label} name={name} error={error} hint={hint} required={required}>
      {(control) => <textarea ref={ref} name={name} {...control} {...rest} />}
    </FieldShell>
  );
});

/** A group of radio buttons in a fieldset with its legend. */
export function RadioGroup({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  className,
}: {
  legend: ReactNode;
  name: string;
  value: string | null | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  error?: string | null;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={`field radio-group ${className ?? ''}`} aria-describedby={error ? `${name}_message` : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className="radio-options">
        {options.map((o) => (
          <label key={o.value} className="radio-option">
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>{t(o.label)}</span>
          </label>
        ))}
      </div>
      {error && (
        <div id={`${name}_message`} className="field-error" role="alert">
          {t(error)}
        </div>
      )}
    </fieldset>
  );
}
