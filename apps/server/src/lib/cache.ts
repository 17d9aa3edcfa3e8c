import { sql, type Kysely, type KyselyPlugin, type OperationNode, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DbKind } from '../db/client.ts';

/**
 * In-process caches of what the operator console changes and shoppers read (docs/decisions/0900-caches.md).
 * Every entry is tagged with the catalog generation read before it was loaded; a lookup first reads the current
 * generation and drops everything when it moved. The generation is:
 *   - on PostgreSQL, the row cache_generation('catalog'), bumped by triggers in the writing transaction, so a
 *     change in any store process is seen by all of them as soon as it commits (one tiny query per lookup);
 *   - on the embedded database (one process, one connection), a counter bumped after every statement that
 *     writes a watched table through this process's Kysely (no query at all).
 */
export const CATALOG_TABLES = ['plans', 'plan_rates', 'plan_questions', 'portals'] as const;

const tableName = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
};

/**
 * What a group of cached data depends on: tables, or only some columns of a table's existing rows (an update that
 * sets none of them leaves the group alone; inserts, deletes and raw writes of the table still count).
 */
export type Watch = readonly string[] | { tables: readonly string[]; columns: readonly string[] };

/** The names of the columns an update sets; undefined when one of them is not a plain column. */
function updatedColumns(n: Record<string, unknown>): string[] | undefined {
  const names: string[] = [];
  for (const u of (n.updates as { column: OperationNode }[] | undefined) ?? []) {
    const column = u.column as unknown as { kind: string; column?: { name?: string } };
    if (column.kind !== 'ColumnNode' || typeof column.column?.name !== 'string') return undefined;
    names.push(column.column.name);
  }
  return names;
}

/** Whether a statement writes what `watch` names (insert, update, delete; raw SQL by its text). */
function writesWatched(node: RootOperationNode, watch: Watch): boolean {
  const watched = Array.isArray(watch) ? watch : (watch as { tables: readonly string[] }).tables;
  const columns = Array.isArray(watch) ? undefined : (watch as { columns: readonly string[] }).columns;
  const n = node as unknown as Record<string, unknown>;
  switch (node.kind) {
    case 'InsertQueryNode':
      return watched.includes(tableName(n.into as OperationNode) ?? '');
    case 'UpdateQueryNode': {
      if (!watched.includes(tableName(n.table as OperationNode) ?? '')) return false;
      if (!columns) return true;
      const set = updatedColumns(n);
      return !set || set.some((c) => columns.includes(c));
    }
    case 'DeleteQueryNode':
      return ((n.from as { froms: OperationNode[] }).froms ?? []).some((f) => watched.includes(tableName(f) ?? ''));
    case 'MergeQueryNode':
      return true;
    case 'RawNode': {
      const text = (n.sqlFragments as string[]).join(' ');
      return new RegExp(`\\b(insert\\s+into|update|delete\\s+from|truncate|merge\\s+into)\\s+(table\\s+)?(only\\s+)?("?\\w+"?\\.)?"?(${watched.join('|')})\\b`, 'i').test(text);
    }
    default:
      return false;
  }
}

/**
 * Counts, per group of tables, the statements that wrote one of them, after they ran (on PGlite the write holds
 * the connection until it commits).
 */
export class WriteWatcher<G extends string = string> implements KyselyPlugin {
  private readonly counts = new Map<G, number>();
  private readonly pending = new WeakMap<object, G[]>();
  constructor(private readonly groups: Record<G, Watch>) {}
  count(group: G): number {
    return this.counts.get(group) ?? 0;
  }
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const hit = (Object.keys(this.groups) as G[]).filter((g) => writesWatched(args.node, this.groups[g]));
    if (hit.length) this.pending.set(args.queryId, hit);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const hit = this.pending.get(args.queryId);
    if (hit) {
      this.pending.delete(args.queryId);
      for (const g of hit) this.counts.set(g, this.count(g) + 1);
    }
    return args.result;
  }
}

export type WatchedGroup = 'catalog' | 'sessions' | 'enrollments' | 'enrollmentOwners';
export const WATCHED: Record<WatchedGroup, Watch> = {
  catalog: CATALOG_TABLES,
  sessions: ['sessions', 'accounts'],
  enrollments: ['enrollments'],
  // Who owns an enrollment and its portal (lib/access.ts): a shopper's step saves and quote changes leave it as it is.
  enrollmentOwners: { tables: ['enrollments'], columns: ['id', 'session_id', 'account_id', 'portal_id'] },
};

export class GenerationCache {
  private generation: string | null = null;
  private entries = new Map<string, Promise<unknown>>();
  /** The entries whose load has finished, by key (dropped with `entries`): read synchronously by `settled`. */
  private done = new Map<string, { value: unknown }>();
  /**
   * `kind` postgres reads the generation row of `group` (only 'catalog' has one); pglite counts this process's
   * writes. At most `maxEntries` keys: beyond, the cache starts afresh.
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DbKind,
    private readonly writes: WriteWatcher<WatchedGroup>,
    private readonly group: WatchedGroup = 'catalog',
    private readonly maxEntries = 10_000,
  ) {}

  /** Forgets every entry (tests that count the queries of a cold read). */
  clear(): void {
    this.entries.clear();
    this.done.clear();
    this.generation = null;
  }

  private async current(): Promise<string> {
    if (this.kind === 'pglite') return String(this.writes.count(this.group));
    const { rows } = await sql<{ gen: number }>`select gen from cache_generation where name = ${this.group}`.execute(this.db);
    return String(rows[0]?.gen ?? 'none');
  }

  /**
   * The cached value of `key`, loaded with `load` when missing or when the generation moved. Never call it inside
   * a transaction of the embedded database: `load` uses the one connection that transaction holds.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    await this.sync();
    const entries = this.entries;
    let hit = entries.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      entries.set(key, hit);
      const done = this.done;
      hit.then(
        (value) => {
          if (entries.get(key) === hit) done.set(key, { value });
        },
        () => entries.delete(key),
      );
    }
    return hit;
  }

  /**
   * The loaded value of `key` without waiting, when this cache can tell synchronously that it is current: on the
   * embedded database only (its generation is a count in this process). Otherwise undefined: use `get`.
   */
  settled<T>(key: string): { value: T } | undefined {
    if (this.kind !== 'pglite' || this.generation !== String(this.writes.count(this.group))) return undefined;
    return this.done.get(key) as { value: T } | undefined;
  }

  /** The current generation: read it before loading a value that `put` is to remember. */
  mark(): Promise<string> {
    return this.current();
  }

  /** The value remembered under `key` in the current generation, if any (nothing is loaded). */
  async peek<T>(key: string): Promise<T | undefined> {
    await this.sync();
    return this.entries.get(key) as Promise<T> | undefined;
  }

  /** Remembers `value` under `key` if the generation is still `mark`, read (with `mark()`) before it was loaded. */
  async put<T>(key: string, value: T, mark: string): Promise<void> {
    await this.sync();
    if (this.generation === mark) {
      this.entries.set(key, Promise.resolve(value));
      this.done.set(key, { value });
    }
  }

  /** Drops every entry when the generation moved or the cache is full. */
  private async sync(): Promise<void> {
    const generation = await this.current();
    if (generation !== this.generation || this.entries.size >= this.maxEntries) {
      this.generation = generation;
      this.entries = new Map();
      this.done = new Map();
    }
  }
}
