import type { ColumnType } from 'kysely';

/** The tables and columns of migration 0660 (sessions' activity, sign-in throttle, operators' second factor). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

declare module './schema.ts' {
  interface SessionsTable {
    /** The last request of this session (moved at most once a minute): the idle timeout counts from it. */
    last_seen_at: Timestamp;
  }
  interface AccountsTable {
    /** The TOTP secret, sealed (lib/crypto.ts); null: no second factor enrolled yet. */
    totp_secret_enc: string | null;
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totp_last_step: number | null;
  }
  interface Database {
    sign_in_failures: { key: string; failures: number; blocked_until: NullableTimestamp; updated_at: Timestamp };
    recovery_codes: { id: ColumnType<number, never, never>; account_id: number; code_hash: string; used_at: NullableTimestamp };
  }
}
