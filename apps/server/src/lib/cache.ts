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
export const CATALOG_TABLES = ['plans', 'plan_rates', 'plan_questions'] as const;

const tableName = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  if (node.kind === 'AliasNode') return tableName((node as unknown as { node: OperationNode }).node);
  if (node.kind === 'TableNode') return (node as unknown as { table: { identifier: { name: string } } }).table.identifier.name;
  return undefined;
};

/** The tables a statement writes (insert, update, delete; raw SQL by its text). */
function writtenTables(node: RootOperationNode, watched: readonly string[]): boolean {
  const n = node as unknown as Record<string, unknown>;
  switch (node.kind) {
    case 'InsertQueryNode':
      return watched.includes(tableName(n.into as OperationNode) ?? '');
    case 'UpdateQueryNode':
      return watched.includes(tableName(n.table as OperationNode) ?? '');
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

/** Counts the statements that wrote a watched table, after they ran (on PGlite the write holds the connection until it commits). */
export class WriteWatcher implements KyselyPlugin {
  count = 0;
  private readonly pending = new WeakSet<object>();
  constructor(private readonly watched: readonly string[]) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (writtenTables(args.node, this.watched)) this.pending.add(args.queryId);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.has(args.queryId)) {
      this.pending.delete(args.queryId);
      this.count++;
    }
    return args.result;
  }
}

export class GenerationCache {
  private generation: string | null = null;
  private entries = new Map<string, Promise<unknown>>();
  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: DbKind,
    private readonly writes: WriteWatcher,
  ) {}

  private async current(): Promise<string> {
    if (this.kind === 'pglite') return String(this.writes.count);
    const { rows } = await sql<{ gen: number }>`select gen from cache_generation where name = 'catalog'`.execute(this.db);
    return String(rows[0]?.gen ?? 'none');
  }

  /**
   * The cached value of `key`, loaded with `load` when missing or when the generation moved. Never call it inside
   * a transaction of the embedded database: `load` uses the one connection that transaction holds.
   */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const generation = await this.current();
    if (generation !== this.generation) {
      this.generation = generation;
      this.entries = new Map();
    }
    const entries = this.entries;
    let hit = entries.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      entries.set(key, hit);
      hit.catch(() => entries.delete(key));
    }
    return hit;
  }
}
