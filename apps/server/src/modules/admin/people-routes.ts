import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Transaction } from 'kysely';
import {
  ADMIN_TEXT,
  ZAccountForm,
  ZAccountSummary,
  ZAgent,
  ZAgentForm,
  ZGroupForm,
  ZPageQuery,
  ZPasswordReset,
  ZPortalForm,
  page,
} from '@store/domain/admin';
import type { Database } from '../../db/schema.ts';
import { ok, responses, zId } from '../../lib/http.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { audit } from './audit.ts';
import { escapeLike } from './sites-routes.ts';

const ZAgentRow = z.object({ agent_id: z.number(), first_name: z.string(), last_name: z.string(), agent_code: z.string(), landing_url: z.string().nullable(), email: z.string().nullable(), active: z.boolean() });
const ZGroupRow = z.object({ group_id: z.number(), gname: z.string(), gcode: z.string(), agent_id: z.number().nullable(), landing_url: z.string().nullable(), active: z.boolean() });
const ZGroup = ZGroupForm.extend({
  agent_id: z.number().nullable(),
  landing_url: z.string().nullable(),
  accounts: z.array(ZAccountSummary),
  portals: z.array(z.number()),
}).passthrough();
const ZPortalRow = z.object({ platform_group_id: z.number(), platform_name: z.string(), platform_code: z.string(), active: z.boolean() });

/** A landing url is unique across reps and groups (the one being edited excepted). */
async function assertLandingFree(trx: Transaction<Database>, landing: string | null | undefined, self: { agent_id?: number; group_id?: number }) {
  if (!landing) return;
  let a = trx.selectFrom('agents').select('agent_id').where('landing_url', '=', landing);
  if (self.agent_id) a = a.where('agent_id', '!=', self.agent_id);
  let g = trx.selectFrom('groups').select('group_id').where('landing_url', '=', landing);
  if (self.group_id) g = g.where('group_id', '!=', self.group_id);
  if ((await a.executeTakeFirst()) || (await g.executeTakeFirst())) throw fieldError('landing_url', ADMIN_TEXT.LANDING_TAKEN);
}

const nul = <T>(v: T | undefined) => (v === undefined ? null : v);

/** Reps, groups, portals and sign-in accounts. */
const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  /* ---------- reps ---------- */
  app.get('/api/admin/agents', { schema: { tags: ['admin'], querystring: ZPageQuery, response: responses(page(ZAgentRow)) } }, async (request) => {
    const { q, limit, offset } = request.query;
    let base = app.db.selectFrom('agents');
    if (q) {
      const like = `%${escapeLike(q)}%`;
      base = base.where((eb) =>
        eb.or([eb('first_name', 'ilike', like), eb('last_name', 'ilike', like), eb('agent_code', 'ilike', like), eb('landing_url', 'ilike', like), eb('email', 'ilike', like), ...(/^\d+$/.test(q) ? [eb('agent_id', '=', Number(q))] : [])]),
      );
    }
    const [items, count] = await Promise.all([
      base.select(['agent_id', 'first_name', 'last_name', 'agent_code', 'landing_url', 'email', 'active']).orderBy('agent_id').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ items, total: Number(count.n), limit, offset });
  });

  const loadAgent = async (id: number) => {
    const a = await app.db.selectFrom('agents').selectAll().where('agent_id', '=', id).executeTakeFirst();
    if (!a) throw notFound();
    const [portals, groups, accounts] = await Promise.all([
      app.db.selectFrom('agent_portals').select('platform_group_id').where('agent_id', '=', id).orderBy('platform_group_id').execute(),
      app.db.selectFrom('groups').select(['group_id', 'gname']).where('agent_id', '=', id).orderBy('group_id').execute(),
      app.db.selectFrom('accounts').select(['id', 'email', 'role', 'active']).where('agent_id', '=', id).orderBy('id').execute(),
    ]);
    return { ...a, portals: portals.map((p) => p.platform_group_id), groups, accounts };
  };

  app.get('/api/admin/agents/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(ZAgent) } }, async (request) => ok(await loadAgent(request.params.id)));

  const saveAgent = async (request: Parameters<typeof audit>[0], body: z.infer<typeof ZAgentForm>, existing: number | null) => {
    const { portals, agent_id, ...fields } = body;
    const values = {
      ...fields,
      middle_name: nul(fields.middle_name),
      email: nul(fields.email),
      phone: nul(fields.phone),
      landing_url: nul(fields.landing_url),
      display_name: nul(fields.display_name),
      display_phone: nul(fields.display_phone),
      display_email: nul(fields.display_email),
      display_about_name: nul(fields.display_about_name),
      tagline: nul(fields.tagline),
      logo: nul(fields.logo),
      image: nul(fields.image),
      image_link: nul(fields.image_link),
      banner_image: nul(fields.banner_image),
      agent_bio: nul(fields.agent_bio),
    };
    await app.db.transaction().execute(async (trx) => {
      if (existing === null && (await trx.selectFrom('agents').select('agent_id').where('agent_id', '=', agent_id).executeTakeFirst())) throw fieldError('agent_id', ADMIN_TEXT.ID_TAKEN);
      const codeTaken = await trx.selectFrom('agents').select('agent_id').where('agent_code', '=', values.agent_code).where('agent_id', '!=', agent_id).executeTakeFirst();
      if (codeTaken) throw fieldError('agent_code', ADMIN_TEXT.CODE_TAKEN);
      await assertLandingFree(trx, values.landing_url, { agent_id });
      await assertPortals(trx, portals);
      if (existing === null) await trx.insertInto('agents').values({ agent_id, ...values }).execute();
      else {
        const r = await trx.updateTable('agents').set(values).where('agent_id', '=', existing).executeTakeFirst();
        if (!r.numUpdatedRows) throw notFound();
      }
      await trx.deleteFrom('agent_portals').where('agent_id', '=', agent_id).execute();
      if (portals.length) await trx.insertInto('agent_portals').values(portals.map((p) => ({ agent_id, platform_group_id: p }))).execute();
      await audit(request, existing === null ? 'create-agent' : 'update-agent', `agent:${agent_id}`, { active: values.active }, trx);
    });
  };

  app.post('/api/admin/agents', { schema: { tags: ['admin'], body: ZAgentForm, response: responses(ZAgent) } }, async (request) => {
    await saveAgent(request, request.body, null);
    return ok(await loadAgent(request.body.agent_id));
  });
  app.put('/api/admin/agents/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZAgentForm, response: responses(ZAgent) } }, async (request) => {
    if (request.body.agent_id !== request.params.id) throw fieldError('agent_id', 'The id of a rep cannot change.');
    await saveAgent(request, request.body, request.params.id);
    return ok(await loadAgent(request.params.id));
  });

  /* ---------- groups ---------- */
  app.get('/api/admin/groups', { schema: { tags: ['admin'], querystring: ZPageQuery.extend({ agent_id: z.coerce.number().int().positive().optional() }), response: responses(page(ZGroupRow)) } }, async (request) => {
    const { q, limit, offset, agent_id } = request.query;
    let base = app.db.selectFrom('groups');
    if (agent_id) base = base.where('agent_id', '=', agent_id);
    if (q) {
      const like = `%${escapeLike(q)}%`;
      base = base.where((eb) => eb.or([eb('gname', 'ilike', like), eb('gcode', 'ilike', like), eb('landing_url', 'ilike', like), ...(/^\d+$/.test(q) ? [eb('group_id', '=', Number(q))] : [])]));
    }
    const [items, count] = await Promise.all([
      base.select(['group_id', 'gname', 'gcode', 'agent_id', 'landing_url', 'active']).orderBy('group_id').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ items, total: Number(count.n), limit, offset });
  });

  const loadGroup = async (id: number) => {
    const g = await app.db.selectFrom('groups').selectAll().where('group_id', '=', id).executeTakeFirst();
    if (!g) throw notFound();
    const [portals, accounts] = await Promise.all([
      app.db.selectFrom('group_portals').select('platform_group_id').where('group_id', '=', id).orderBy('platform_group_id').execute(),
      app.db.selectFrom('accounts').select(['id', 'email', 'role', 'agent_id', 'group_id', 'active']).where('group_id', '=', id).where('role', '=', 'group').orderBy('id').execute(),
    ]);
    return { ...g, show_quotation: g.show_quotation === 'no' ? ('no' as const) : ('yes' as const), portals: portals.map((p) => p.platform_group_id), accounts };
  };
  app.get('/api/admin/groups/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), response: responses(ZGroup) } }, async (request) => ok(await loadGroup(request.params.id)));

  const saveGroup = async (request: Parameters<typeof audit>[0], body: z.infer<typeof ZGroupForm>, existing: number | null) => {
    const { portals, group_id, ...fields } = body;
    const values = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === undefined ? null : v])) as typeof fields & Record<string, unknown>;
    if (values.state) values.state = values.state.toUpperCase();
    await app.db.transaction().execute(async (trx) => {
      if (existing === null && (await trx.selectFrom('groups').select('group_id').where('group_id', '=', group_id).executeTakeFirst())) throw fieldError('group_id', ADMIN_TEXT.ID_TAKEN);
      const codeTaken = await trx.selectFrom('groups').select('group_id').where('gcode', '=', values.gcode).where('group_id', '!=', group_id).executeTakeFirst();
      if (codeTaken) throw fieldError('gcode', ADMIN_TEXT.CODE_TAKEN);
      if (values.agent_id && !(await trx.selectFrom('agents').select('agent_id').where('agent_id', '=', values.agent_id).executeTakeFirst())) throw fieldError('agent_id', 'No rep has this id.');
      await assertLandingFree(trx, values.landing_url, { group_id });
      await assertPortals(trx, portals);
      if (existing === null) await trx.insertInto('groups').values({ group_id, ...values }).execute();
      else {
        const r = await trx.updateTable('groups').set(values).where('group_id', '=', existing).executeTakeFirst();
        if (!r.numUpdatedRows) throw notFound();
      }
      await trx.deleteFrom('group_portals').where('group_id', '=', group_id).execute();
      if (portals.length) await trx.insertInto('group_portals').values(portals.map((p) => ({ group_id, platform_group_id: p }))).execute();
      await audit(request, existing === null ? 'create-group' : 'update-group', `group:${group_id}`, { active: values.active }, trx);
    });
  };
  app.post('/api/admin/groups', { schema: { tags: ['admin'], body: ZGroupForm, response: responses(ZGroup) } }, async (request) => {
    await saveGroup(request, request.body, null);
    return ok(await loadGroup(request.body.group_id));
  });
  app.put('/api/admin/groups/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZGroupForm, response: responses(ZGroup) } }, async (request) => {
    if (request.body.group_id !== request.params.id) throw fieldError('group_id', 'The id of a group cannot change.');
    await saveGroup(request, request.body, request.params.id);
    return ok(await loadGroup(request.params.id));
  });

  /* ---------- portals ---------- */
  app.get('/api/admin/portals', { schema: { tags: ['admin'], querystring: ZPageQuery, response: responses(page(ZPortalRow)) } }, async (request) => {
    const { q, limit, offset } = request.query;
    let base = app.db.selectFrom('portals');
    if (q) base = base.where((eb) => eb.or([eb('platform_name', 'ilike', `%${escapeLike(q)}%`), eb('platform_code', 'ilike', `%${escapeLike(q)}%`)]));
    const [items, count] = await Promise.all([
      base.select(['platform_group_id', 'platform_name', 'platform_code', 'active']).orderBy('platform_group_id').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ items, total: Number(count.n), limit, offset });
  });
  const savePortal = async (request: Parameters<typeof audit>[0], b: z.infer<typeof ZPortalForm>, existing: number | null) =>
    app.db.transaction().execute(async (trx) => {
      if (existing === null && (await trx.selectFrom('portals').select('platform_group_id').where('platform_group_id', '=', b.platform_group_id).executeTakeFirst())) throw fieldError('platform_group_id', ADMIN_TEXT.ID_TAKEN);
      if (await trx.selectFrom('portals').select('platform_group_id').where('platform_code', '=', b.platform_code).where('platform_group_id', '!=', b.platform_group_id).executeTakeFirst()) throw fieldError('platform_code', ADMIN_TEXT.CODE_TAKEN);
      const row =
        existing === null
          ? await trx.insertInto('portals').values(b).returning(['platform_group_id', 'platform_name', 'platform_code', 'active']).executeTakeFirstOrThrow()
          : await trx.updateTable('portals').set({ platform_name: b.platform_name, platform_code: b.platform_code, active: b.active }).where('platform_group_id', '=', existing).returning(['platform_group_id', 'platform_name', 'platform_code', 'active']).executeTakeFirst();
      if (!row) throw notFound();
      await audit(request, existing === null ? 'create-portal' : 'update-portal', `portal:${b.platform_group_id}`, { active: b.active }, trx);
      return row;
    });
  app.post('/api/admin/portals', { schema: { tags: ['admin'], body: ZPortalForm, response: responses(ZPortalRow) } }, async (request) => ok(await savePortal(request, request.body, null)));
  app.put('/api/admin/portals/:id', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZPortalForm, response: responses(ZPortalRow) } }, async (request) => {
    if (request.body.platform_group_id !== request.params.id) throw fieldError('platform_group_id', 'The id of a portal cannot change.');
    return ok(await savePortal(request, request.body, request.params.id));
  });

  /* ---------- sign-in accounts ---------- */
  app.get('/api/admin/accounts', { schema: { tags: ['admin'], querystring: ZPageQuery.extend({ role: z.enum(['operator', 'rep', 'group', 'member']).optional() }), response: responses(page(ZAccountSummary)) } }, async (request) => {
    const { q, limit, offset, role } = request.query;
    let base = app.db.selectFrom('accounts');
    if (role) base = base.where('role', '=', role);
    if (q) base = base.where('email', 'ilike', `%${escapeLike(q.toLowerCase())}%`);
    const [items, count] = await Promise.all([
      base.select(['id', 'email', 'role', 'agent_id', 'group_id', 'active']).orderBy('id').limit(limit).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok({ items, total: Number(count.n), limit, offset });
  });

  app.post('/api/admin/accounts', { schema: { tags: ['admin'], body: ZAccountForm, response: responses(ZAccountSummary) } }, async (request) => {
    const b = request.body;
    if (b.role === 'rep' && !b.agent_id) throw fieldError('agent_id', 'Choose the rep this account signs in as.');
    if (b.role === 'group' && !b.group_id) throw fieldError('group_id', 'Choose the group this account signs in as.');
    if (b.role === 'member') throw fieldError('role', 'Member accounts are created by enrollment.');
    const password_hash = await hashPassword(b.password);
    const row = await app.db.transaction().execute(async (trx) => {
      if (await trx.selectFrom('accounts').select('id').where('email', '=', b.email).executeTakeFirst()) throw fieldError('email', ADMIN_TEXT.EMAIL_TAKEN);
      if (b.agent_id && !(await trx.selectFrom('agents').select('agent_id').where('agent_id', '=', b.agent_id).executeTakeFirst())) throw fieldError('agent_id', 'No rep has this id.');
      if (b.group_id && !(await trx.selectFrom('groups').select('group_id').where('group_id', '=', b.group_id).executeTakeFirst())) throw fieldError('group_id', 'No group has this id.');
      const r = await trx
        .insertInto('accounts')
        .values({ email: b.email, password_hash, role: b.role, agent_id: b.role === 'rep' ? b.agent_id! : null, group_id: b.role === 'group' ? b.group_id! : null })
        .returning(['id', 'email', 'role', 'agent_id', 'group_id', 'active'])
        .executeTakeFirstOrThrow();
      await audit(request, 'create-account', `account:${r.id}`, { role: r.role }, trx);
      return r;
    });
    return ok(row);
  });

  app.put('/api/admin/accounts/:id/password', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: ZPasswordReset, response: responses(ZAccountSummary) } }, async (request) => {
    const password_hash = await hashPassword(request.body.password);
    const row = await app.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('accounts').set({ password_hash }).where('id', '=', request.params.id).returning(['id', 'email', 'role', 'agent_id', 'group_id', 'active']).executeTakeFirst();
      if (!r) throw notFound();
      // A reset signs the account out everywhere.
      await trx.deleteFrom('sessions').where('account_id', '=', r.id).execute();
      await audit(request, 'reset-password', `account:${r.id}`, {}, trx);
      return r;
    });
    return ok(row);
  });

  app.put('/api/admin/accounts/:id/active', { schema: { tags: ['admin'], params: z.object({ id: zId }), body: z.object({ active: z.boolean() }), response: responses(ZAccountSummary) } }, async (request) => {
    if (request.params.id === request.session.account?.id && !request.body.active) throw fieldError('active', 'You cannot deactivate your own account.');
    const row = await app.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('accounts').set({ active: request.body.active }).where('id', '=', request.params.id).returning(['id', 'email', 'role', 'agent_id', 'group_id', 'active']).executeTakeFirst();
      if (!r) throw notFound();
      if (!r.active) await trx.deleteFrom('sessions').where('account_id', '=', r.id).execute();
      await audit(request, r.active ? 'activate-account' : 'deactivate-account', `account:${r.id}`, {}, trx);
      return r;
    });
    return ok(row);
  });
};

async function assertPortals(trx: Transaction<Database>, portals: number[]) {
  if (!portals.length) return;
  const found = await trx.selectFrom('portals').select('platform_group_id').where('platform_group_id', 'in', portals).execute();
  if (found.length !== new Set(portals).size) throw fieldError('portals', 'Choose portals from the list.');
}

export default peopleRoutes;
