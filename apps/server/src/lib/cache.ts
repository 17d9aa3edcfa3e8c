/**
 * In-process caches that every store process drops when the data changes (docs/decisions/1100-one-pipeline.md).
 *
 * The database tells: triggers (migration 1100) send a notice on the channel `store_changes_<schema>` in the writing
 * transaction, and every store process LISTENs on one connection of its own (db/client.ts `listen`: a dedicated
 * client on PostgreSQL, PGlite's own `listen` on the embedded database). A notice is `<group>` (drop the whole
 * group) or `<group>:<key>` (drop one key). The same code runs on both databases; only the driver differs.
 *
 * While the listening connection is not up (before it starts, after it is lost until it is back) nothing is cached:
 * every read goes to the database, so a notice missed can never leave a stale entry behind.
 */

/** The groups of cached data, as the notices name them. */
export type ChangeGroup = 'catalog' | 'session' | 'owner';

/** What a database offers the feed: a listening connection, told of every notice and of being up or lost. */
export type Listen = (onNotice: (payload: string) => void, onState: (live: boolean) => void) => Promise<() => Promise<void>>;

/** The notices of the database, handed to the caches of each group. */
export class ChangeFeed {
  private live = false;
  private readonly caches = new Map<ChangeGroup, KeyedCache[]>();
  /** Notices heard (tests and the bench can wait for one). */
  heard = 0;

  get isLive(): boolean {
    return this.live;
  }

  /** Starts listening; resolves once the listening connection is up. Returns the function that stops it. */
  async start(listen: Listen): Promise<() => Promise<void>> {
    return listen(
      (payload) => this.notice(payload),
      (live) => this.setLive(live),
    );
  }

  register(cache: KeyedCache): void {
    this.caches.set(cache.group, [...(this.caches.get(cache.group) ?? []), cache]);
  }

  /** A notice: `<group>` or `<group>:<key>` (plural group names drop the whole group: `sessions`, `owners`). */
  notice(payload: string): void {
    this.heard++;
    const colon = payload.indexOf(':');
    const name = colon < 0 ? payload : payload.slice(0, colon);
    const key = colon < 0 ? undefined : payload.slice(colon + 1);
    const group = (name.endsWith('s') ? name.slice(0, -1) : name) as ChangeGroup;
    for (const cache of this.caches.get(group) ?? []) cache.drop(key);
  }

  /** Up or lost: either way, what was cached is dropped (a notice may have been missed in between). */
  setLive(live: boolean): void {
    for (const list of this.caches.values()) for (const cache of list) cache.drop();
    this.live = live;
  }
}

/**
 * Values by key, loaded once and kept until a notice drops their key or their group. A load still running when its
 * key is dropped is not kept (its value may predate the change).
 */
export class KeyedCache {
  private entries = new Map<string, Promise<unknown>>();
  /** The entries whose load has finished, by key: read synchronously by `settled`. */
  private done = new Map<string, { value: unknown }>();

  constructor(
    private readonly feed: ChangeFeed,
    readonly group: ChangeGroup,
    private readonly maxEntries = 10_000,
  ) {
    feed.register(this);
  }

  /** Forgets every entry (tests that count the queries of a cold read). */
  clear(): void {
    this.drop();
  }

  /** Drops one key, or every entry. */
  drop(key?: string): void {
    if (key === undefined) {
      this.entries = new Map();
      this.done = new Map();
    } else {
      this.entries.delete(key);
      this.done.delete(key);
    }
  }

  /** The cached value of `key`, loaded with `load` when missing (always loaded while the feed is not live). */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!this.feed.isLive) return load();
    let hit = this.entries.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    if (this.entries.size >= this.maxEntries) this.drop();
    const entries = this.entries;
    const done = this.done;
    const loading = load();
    entries.set(key, loading);
    hit = loading;
    loading.then(
      (value) => {
        if (entries.get(key) === loading) done.set(key, { value });
      },
      () => {
        if (entries.get(key) === loading) entries.delete(key);
      },
    );
    return hit;
  }

  /** The loaded value of `key` without waiting, or undefined when it is not loaded (or the feed is not live). */
  settled<T>(key: string): { value: T } | undefined {
    return this.feed.isLive ? (this.done.get(key) as { value: T } | undefined) : undefined;
  }
}
