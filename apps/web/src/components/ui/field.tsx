/**
 * The design system's fields: a visible label, the hint and the error beside the control, 44 px targets
 * (styles/components.css). They live in components/form with the form helpers; this is where the design
 * system names them.
 */
export { DateField, DigitsField, FieldShell, RadioGroup, SelectField, TextAreaField, TextField } from '../form/fields';
