import type { Kysely } from 'kysely';
import type { TAgentLandingInfo, TGroupLandingInfo } from '@store/domain/site';
import type { Database } from '../../db/schema.ts';
import { findAgent, findGroup } from './repository.ts';

/** A rep's public branding (null when no active rep has this id). */
export async function agentLanding(db: Kysely<Database>, agentId: number): Promise<TAgentLandingInfo | null> {
  const a = await findAgent(db, agentId);
  if (!a) return null;
  return {
    agent_id: a.agent_id,
    logo: a.logo,
    display_phone: a.display_phone,
    display_email: a.display_email,
    tagline: a.tagline,
    display_about_name: a.display_about_name,
    display_name: a.display_name,
    image: a.image,
    image_link: a.image_link,
    agent_code: a.agent_code,
    agent_bio: a.agent_bio,
    banner_image: a.banner_image,
  };
}

/** A group's public branding (null when no active group has this id). */
export async function groupLanding(db: Kysely<Database>, groupId: number): Promise<TGroupLandingInfo | null> {
  const g = await findGroup(db, groupId);
  if (!g) return null;
  return {
    group_id: g.group_id,
    logo: g.logo,
    display_phone: g.display_phone,
    display_email: g.display_email,
    tagline: g.tagline,
    display_about_name: g.display_about_name,
    display_name: g.display_name,
    image: g.image,
    image_link: g.image_link,
    agent_code: g.agent_code ?? null,
    gweb_aboutus: g.gweb_aboutus,
    banner_image: g.banner_image,
  };
}
