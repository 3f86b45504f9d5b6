import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { isCollectionName } from '../collection-name';
import { assertDocumentId, assertFieldPath, parseFilter, parseFindOptions } from '../filter';
import type { Filter, FindOptions, ReadDocument } from '../read-store.port';
import type { PendingWrites } from '../write-behind';
import {
  collectionOfTable,
  fieldExpression,
  fieldsOfIndex,
  indexName,
  orderAndPageSql,
  quoteIdentifier,
  tableName,
  whereSql,
} from './sqlite-sql';

export const SCHEMA = `CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT)`;

const MAX_CACHED_STATEMENTS = 500;

/**
 * Document and checkpoint operations on one SQLite connection. The store uses one instance on
 * its read-only connection (reads outside transactions) and one on its write connection
 * (everything inside a transaction). A collection whose table does not exist reads as empty.
 */
export class SqliteDocuments {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  get<T extends ReadDocument>(collection: string, id: string): T | null {
    const table = quoteIdentifier(tableName(collection));
    const row = readingTable(
      () => this.statement(`SELECT body FROM ${table} WHERE id = ?`).get(id) as { body: string } | undefined,
      undefined,
    );
    return row ? (JSON.parse(row.body) as T) : null;
  }

  find<T extends ReadDocument>(collection: string, filter?: Filter, options?: FindOptions): T[] {
    const table = quoteIdentifier(tableName(collection));
    const parsedOptions = parseFindOptions(options);
    if (parsedOptions.limit === 0) return [];
    const where = whereSql(parseFilter(filter));
    const page = orderAndPageSql(parsedOptions);
    const rows = readingTable(
      () =>
        this.statement(`SELECT body FROM ${table}${where.sql}${page.sql}`).all(...where.params, ...page.params) as Array<{ body: string }>,
      [],
    );
    return rows.map((row) => JSON.parse(row.body) as T);
  }

  count(collection: string, filter?: Filter): number {
    const table = quoteIdentifier(tableName(collection));
    const where = whereSql(parseFilter(filter));
    const row = readingTable(
      () => this.statement(`SELECT COUNT(*) AS count FROM ${table}${where.sql}`).get(...where.params) as { count: number },
      {
        count: 0,
      },
    );
    return row.count;
  }

  listCollections(): string[] {
    const rows = this.statement(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as Array<{ name: string }>;
    return rows.map((row) => collectionOfTable(row.name)).filter((name): name is string => name !== null && isCollectionName(name));
  }

  upsert(collection: string, document: ReadDocument): void {
    assertDocumentId(document);
    this.writeAll(collection, new Map([[document.id, JSON.stringify(document)]]));
  }

  /** Upserts (a document's JSON) and deletes (null) by id, with one prepared statement of each. */
  writeAll(collection: string, writes: PendingWrites): void {
    const table = quoteIdentifier(tableName(collection));
    const upsert = () =>
      this.statement(`INSERT INTO ${table} (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body`);
    const remove = () => this.statement(`DELETE FROM ${table} WHERE id = ?`);
    for (const [id, body] of writes) {
      if (body === null) readingTable(() => remove().run(id), undefined);
      else this.withTable(collection, () => upsert().run(id, body));
    }
  }

  delete(collection: string, id: string): void {
    const table = quoteIdentifier(tableName(collection));
    readingTable(() => this.statement(`DELETE FROM ${table} WHERE id = ?`).run(id), undefined);
  }

  dropCollection(collection: string): void {
    this.db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(tableName(collection))}`);
  }

  /** The table keeps its indexes through the rename: their names do not mention it. */
  renameCollection(from: string, to: string): void {
    const source = tableName(from);
    const target = tableName(to);
    if (source === target) return;
    this.db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(target)}`);
    if (this.tableExists(source)) this.db.exec(`ALTER TABLE ${quoteIdentifier(source)} RENAME TO ${quoteIdentifier(target)}`);
  }

  getCheckpoint(name: string): bigint | null {
    const row = this.statement(`SELECT position FROM checkpoints WHERE name = ?`).get(name) as { position: string | null } | undefined;
    return row?.position == null ? null : BigInt(row.position);
  }

  setCheckpoint(name: string, position: bigint | null): void {
    if (position !== null && typeof position !== 'bigint') throw new TypeError('A checkpoint position is a bigint or null');
    this.statement(
      `INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
    ).run(name, position === null ? null : position.toString());
  }

  deleteCheckpoint(name: string): void {
    this.statement(`DELETE FROM checkpoints WHERE name = ?`).run(name);
  }

  /** Creates the table and the missing expression indexes; call inside a write transaction. */
  ensureIndexes(collection: string, indexes: readonly (readonly string[])[]): void {
    const table = tableName(collection);
    this.createTable(table);
    const existing = new Set(
      (this.statement(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?`).all(table) as Array<{ name: string }>).map(
        (row) => fieldsOfIndex(row.name),
      ),
    );
    for (const fields of indexes) {
      if (fields.length === 0) throw new TypeError(`An index of "${collection}" lists no field`);
      fields.forEach(assertFieldPath);
      const key = fields.join(',');
      if (existing.has(key)) continue;
      const expressions = fields.map(fieldExpression).join(', ');
      this.db.exec(`CREATE INDEX ${quoteIdentifier(indexName(fields, randomUUID()))} ON ${quoteIdentifier(table)} (${expressions})`);
      existing.add(key);
    }
  }

  private withTable<T>(collection: string, write: () => T): T {
    try {
      return write();
    } catch (error) {
      if (!isMissingTable(error)) throw error;
      this.createTable(tableName(collection));
      return write();
    }
  }

  private createTable(table: string): void {
    this.db.exec(`CREATE TABLE IF NOT EXISTS ${quoteIdentifier(table)} (id TEXT PRIMARY KEY, body TEXT NOT NULL)`);
  }

  private tableExists(table: string): boolean {
    return this.statement(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table) !== undefined;
  }

  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      // Filters of many shapes would grow the cache without bound; starting over is cheap.
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function readingTable<T>(read: () => T, whenMissing: T): T {
  try {
    return read();
  } catch (error) {
    if (isMissingTable(error)) return whenMissing;
    throw error;
  }
}

/**
 * Duck-typed: better-sqlite3's native addon keeps the SqliteError class of whichever module
 * registry loaded it first, so under jest `instanceof Error` can fail for its errors.
 */
function isMissingTable(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.startsWith('no such table');
}
