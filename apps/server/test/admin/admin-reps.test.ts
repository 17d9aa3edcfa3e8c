import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { signedInOperator } from './helpers.ts';

describeEachDb('operator console API: reps, groups, accounts and portals', (ctx) => {
  const operator = signedInOperator(ctx);

  it('creates and edits reps with validated, unique landing urls, portals and accounts', async () => {
    const c = await operator();
    const base = {
      agent_id: 20901,
      first_name: 'Sam',
      last_name: 'Lee',
      agent_code: 'AGENT901',
      landing_url: 'sam-lee',
      display_name: 'Sam Lee',
      agent_bio: 'Sam helps teachers.',
      image_link: 'https://example.com/sam-lee',
      phone: '(555) 010-0300',
      portals: [501],
    };
    for (const [landing, message] of [
      ['cart', 'This address is used by the store itself. Please choose another.'],
      ['admin', 'This address is used by the store itself. Please choose another.'],
      ['Sam_Lee', 'Use lower-case letters, digits and hyphens only.'],
      ['acme', 'This landing url is already used by another rep or group.'],
      ['jordan-avery', 'This landing url is already used by another rep or group.'],
    ]) {
      const r = await c.post('/api/admin/agents', { ...base, landing_url: landing });
      expect(r.status, landing).toBe(422);
      expect(r.body.data).toContainEqual({ target_element: 'landing_url', error_message: message });
    }
    // Contact details a landing page shows are checked beside their fields; nothing is saved.
    const badContact = await c.post('/api/admin/agents', {
      ...base,
      email: 'not-an-email',
      display_email: 'sam@',
      phone: '555-01',
      display_phone: 'call me',
      image_link: 'javascript:alert(1)',
    });
    expect(badContact.status).toBe(422);
    expect(badContact.body.data).toEqual(
      expect.arrayContaining([
        { target_element: 'email', error_message: 'Please enter a valid e-mail address.' },
        { target_element: 'display_email', error_message: 'Please enter a valid e-mail address.' },
        { target_element: 'phone', error_message: 'Enter a 10-digit phone number.' },
        { target_element: 'display_phone', error_message: 'Enter a 10-digit phone number.' },
        { target_element: 'image_link', error_message: 'Enter a web address that starts with https:// or http://.' },
      ]),
    );
    expect((await c.get('/api/admin/agents/20901')).status).toBe(404);
    const dupCode = await c.post('/api/admin/agents', { ...base, agent_code: 'AGENT100' });
    expect(dupCode.body.data).toEqual([{ target_element: 'agent_code', error_message: 'This code is already used.' }]);
    const created = await c.post('/api/admin/agents', base);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      agent_id: 20901,
      landing_url: 'sam-lee',
      portals: [501],
      active: true,
      image_link: 'https://example.com/sam-lee',
      phone: '5550100300',
    });
    const landing = await ctx().client().get('/api/v1/validate-landing-page', { landing_page: 'sam-lee' });
    expect(landing.body.data).toMatchObject({ type: 'agent', agent_id: 20901 });

    const jordan = await c.get('/api/admin/agents/20001');
    expect(jordan.body.data.portals).toEqual([501, 502]);
    expect(jordan.body.data.groups.map((g: { group_id: number }) => g.group_id)).toEqual(expect.arrayContaining([3001, 3003]));
    expect(jordan.body.data.accounts[0].email).toBe(DEMO.rep.email);

    // A group may not take a rep's landing url either.
    const group = await c.post('/api/admin/groups', {
      group_id: 3901,
      gname: 'Lakeside Clinic',
      gcode: 'LAKE01',
      agent_id: 20901,
      landing_url: 'sam-lee',
      portals: [],
    });
    expect(group.body.data).toContainEqual({
      target_element: 'landing_url',
      error_message: 'This landing url is already used by another rep or group.',
    });
    const badGroup = await c.post('/api/admin/groups', {
      group_id: 3901,
      gname: 'Lakeside Clinic',
      gcode: 'LAKE01',
      phone: '12345',
      state: 'Texas',
      zip: '7870',
      display_email: 'benefits at lakeside',
      portals: [],
    });
    expect(badGroup.status).toBe(422);
    expect(badGroup.body.data).toEqual(
      expect.arrayContaining([
        { target_element: 'phone', error_message: 'Enter a 10-digit phone number.' },
        { target_element: 'state', error_message: 'Enter a two-letter state code.' },
        { target_element: 'zip', error_message: 'Enter 5 digit zip code.' },
        { target_element: 'display_email', error_message: 'Please enter a valid e-mail address.' },
      ]),
    );
    const groupOk = await c.post('/api/admin/groups', {
      group_id: 3901,
      gname: 'Lakeside Clinic',
      gcode: 'LAKE01',
      agent_id: 20901,
      landing_url: 'lakeside',
      gweb_aboutus: 'About Lakeside',
      portals: [502],
    });
    expect(groupOk.body.data).toMatchObject({ group_id: 3901, portals: [502], gweb_aboutus: 'About Lakeside' });
    const rep = await c.get('/api/admin/agents/20901');
    expect(rep.body.data.groups).toEqual([{ group_id: 3901, gname: 'Lakeside Clinic' }]);

    // Deactivate: the landing page no longer opens.
    const off = await c.put('/api/admin/agents/20901', { ...base, active: false });
    expect(off.body.data.active).toBe(false);
    expect((await ctx().client().get('/api/v1/validate-landing-page', { landing_page: 'sam-lee' })).status).toBe(204);

    // Sign-in account and password reset.
    const account = await c.post('/api/admin/accounts', {
      email: 'Sam.Lee@example.com',
      password: 'First-Pass-2026',
      role: 'rep',
      agent_id: 20901,
    });
    expect(account.body.data).toMatchObject({ email: 'sam.lee@example.com', role: 'rep', agent_id: 20901 });
    const dup = await c.post('/api/admin/accounts', {
      email: 'sam.lee@example.com',
      password: 'First-Pass-2026',
      role: 'rep',
      agent_id: 20901,
    });
    expect(dup.body.data).toEqual([{ target_element: 'email', error_message: 'An account with this e-mail already exists.' }]);
    const short = await c.put(`/api/admin/accounts/${account.body.data.id}/password`, { password: 'short' });
    expect(short.body.data).toEqual([{ target_element: 'password', error_message: 'Use at least 10 characters.' }]);
    const sam = ctx().client();
    await sam.signIn('sam.lee@example.com', 'First-Pass-2026');
    await c.put(`/api/admin/accounts/${account.body.data.id}/password`, { password: 'Second-Pass-2026' });
    expect((await sam.get('/api/auth/me')).body.data.signed_in).toBe(false);
    await ctx().client().signIn('sam.lee@example.com', 'Second-Pass-2026');
    const hash = await ctx()
      .db.selectFrom('accounts')
      .select('password_hash')
      .where('email', '=', 'sam.lee@example.com')
      .executeTakeFirstOrThrow();
    expect(hash.password_hash.startsWith('$argon2id$')).toBe(true);

    const portals = await c.post('/api/admin/portals', {
      platform_group_id: 509,
      platform_name: 'Teachers Portal',
      platform_code: 'TEACH',
    });
    expect(portals.body.data).toMatchObject({ platform_group_id: 509, active: true });
    const list = await c.get('/api/admin/portals');
    // the demo portals 501, 502 and 503 (issue 26) and the new one
    expect(list.body.data.total).toBe(4);
  });
});
