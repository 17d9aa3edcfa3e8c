import { describe, expect, it } from 'vitest';
import { linkText } from '../src/components/form/error-summary';

/** The words of an error summary's link: the field's name, then the message beside the field. */
describe('an error summary link', () => {
  it('names its field before the message, which alone does not say which field it is about', () => {
    expect(linkText('First Name', 'Field is required')).toBe('First Name: Field is required');
    expect(linkText('Nombre', 'Este campo es obligatorio')).toBe('Nombre: Este campo es obligatorio');
  });

  it('adds no colon after a name that ends in a question or a colon', () => {
    expect(linkText('Do you use tobacco?', 'Field is required')).toBe('Do you use tobacco? Field is required');
    expect(linkText('Amount:', 'Enter an amount')).toBe('Amount: Enter an amount');
  });

  it('is the message alone when it names the field already, or when the field has no name', () => {
    expect(linkText('Zip', 'Enter a 5-digit zip')).toBe('Enter a 5-digit zip');
    expect(linkText('', 'Your card was declined')).toBe('Your card was declined');
  });
});
