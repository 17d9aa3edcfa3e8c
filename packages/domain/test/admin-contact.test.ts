import { describe, expect, it } from 'vitest';
import { ZAgentForm, ZGroupForm } from '../src/admin-people.ts';

const rep = { agent_id: 1, first_name: 'Sam', last_name: 'Lee', agent_code: 'A1' };
const group = { group_id: 1, gname: 'Lakeside', gcode: 'L1' };
/** The message of the field's first issue, or undefined when the form is accepted. */
const messageOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path[0] === field)?.message;

describe("the console's contact fields", () => {
  it('keeps a phone typed with punctuation as its ten digits, and refuses anything else', () => {
    expect(ZAgentForm.parse({ ...rep, phone: ' (555) 010.0300 ' }).phone).toBe('5550100300');
    expect(ZAgentForm.parse({ ...rep, display_phone: '555-010-0300' }).display_phone).toBe('5550100300');
    for (const phone of ['555-0100', '1 (555) 010-0300', 'call me', '55501003001'])
      expect(messageOf(ZAgentForm.safeParse({ ...rep, phone }), 'phone'), phone).toBe('Enter a 10-digit phone number.');
  });

  it('takes an e-mail address of at most 254 characters', () => {
    expect(ZAgentForm.parse({ ...rep, email: ' sam.lee@example.com ' }).email).toBe('sam.lee@example.com');
    for (const email of ['not-an-email', 'sam@', `${'a'.repeat(250)}@example.com`])
      expect(messageOf(ZAgentForm.safeParse({ ...rep, email }), 'email'), email).toBe('Please enter a valid e-mail address.');
  });

  it('links only to http(s) web addresses', () => {
    expect(ZGroupForm.parse({ ...group, image_link: 'https://lakeside.example.com/benefits' }).image_link).toBe(
      'https://lakeside.example.com/benefits',
    );
    for (const image_link of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'lakeside.example.com', 'https://'])
      expect(messageOf(ZGroupForm.safeParse({ ...group, image_link }), 'image_link'), image_link).toBe(
        'Enter a web address that starts with https:// or http://.',
      );
  });

  it("keeps a group's state in capitals and takes a 5-digit zip or ZIP+4; empty fields stay empty", () => {
    const g = ZGroupForm.parse({ ...group, state: 'tx', zip: '78701-1234', phone: '', display_email: '  ' });
    expect(g).toMatchObject({ state: 'TX', zip: '78701-1234', phone: null, display_email: null });
    expect(messageOf(ZGroupForm.safeParse({ ...group, state: 'Texas' }), 'state')).toBe('Enter a two-letter state code.');
    expect(messageOf(ZGroupForm.safeParse({ ...group, zip: '7870' }), 'zip')).toBe('Enter 5 digit zip code.');
  });
});
