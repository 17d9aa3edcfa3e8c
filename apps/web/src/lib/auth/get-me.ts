import { useSession } from '../session';

/** Who is signed in (anonymous: signed_in false), from the session's one answer (lib/session.ts, decision 2760). */
export const useMe = () => useSession((s) => s.me);
