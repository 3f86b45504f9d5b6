import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { assertCollectionName, isCollectionName, keepsDocumentVersions } from '../collection-name';
import { assertDocumentId, assertFieldPath, parseFilter, parseFindOptions } from '../filter';
import type { ChangeScope, Filter, FindOptions, ReadDocument } from '../read-store.port';
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

/**
 * Read-only when the tables exist, so a second process (or app) opening the file never waits for
 * the write lock. Checkpoints, and change versions: one sequence for the whole file, so a version is never
 * reused; the last change of each collection (`changed`) and its last drop or rename
 * (`replaced`, which forgets its documents' own versions); the last change of each document.
 */
export const SCHEMA = `
CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT);
CREATE TABLE IF NOT EXISTS change_sequence (id INTEGER PRIMARY KEY CHECK (id = 1), value INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS collection_changes (collection TEXT PRIMARY KEY, changed INTEGER NOT NULL, replaced INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS document_changes (
  collection TEXT NOT NULL, id TEXT NOT NULL, changed INTEGER NOT NULL, PRIMARY KEY (collection, id)
) WITHOUT ROWID;
`;

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
    // A sorted page picks its rows by rowid first and reads only their bodies: an ORDER BY no index
    // serves (`target $in [...]` by `seq`) would otherwise carry every matching body through the sort.
    const sortedPage = parsedOptions.sort.length > 0 && (parsedOptions.limit !== undefined || !!parsedOptions.skip);
    const sql = sortedPage
      ? `SELECT body FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table}${where.sql}${page.sql})${orderAndPageSql({ sort: parsedOptions.sort }).sql}`
      : `SELECT body FROM ${table}${where.sql}${page.sql}`;
    const rows = readingTable(() => this.statement(sql).all(...where.params, ...page.params) as Array<{ body: string }>, []);
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

  /**
   * Upserts (a document's JSON) and deletes (null) by id, with one prepared statement of each, and
   * moves the change versions of the documents that changed (an identical upsert changes nothing).
   * A collection without per-document versions (a rebuild's shadow) is written many rows per
   * statement: only whether anything changed matters there, and a rebuild writes every document.
   */
  writeAll(collection: string, writes: PendingWrites): void {
    if (!keepsDocumentVersions(collection)) return this.writeAllInBulk(collection, writes);
    const table = quoteIdentifier(tableName(collection));
    let upsert: Database.Statement | undefined;
    let remove: Database.Statement | undefined;
    const changed: string[] = [];
    for (const [id, body] of writes) {
      const result =
        body === null
          ? readingTable(() => (remove ??= this.statement(deleteSql(table, 1))).run(id), { changes: 0, lastInsertRowid: 0 })
          : this.withTable(collection, () => (upsert ??= this.statement(upsertSql(table, 1))).run(id, body));
      if (result.changes > 0) changed.push(id);
    }
    this.documentsChanged(collection, changed);
  }

  private writeAllInBulk(collection: string, writes: PendingWrites): void {
    const table = quoteIdentifier(tableName(collection));
    const upserts: string[] = [];
    const deletes: string[] = [];
    for (const [id, body] of writes) {
      if (body === null) deletes.push(id);
      else upserts.push(id, body);
    }
    let changes = 0;
    if (deletes.length > 0) changes += readingTable(() => this.inChunks(deletes, 1, (rows) => deleteSql(table, rows)), 0);
    // Before any row is written: only the first statement's prepare can find the table missing.
    if (upserts.length > 0) changes += this.withTable(collection, () => this.inChunks(upserts, 2, (rows) => upsertSql(table, rows)));
    if (changes > 0) this.documentsChanged(collection, [ROWS_CHANGED]);
  }

  /**
   * Runs `sql(rows)` over `params` (`width` per row) in as few statements as the chunk sizes allow:
   * a few sizes only, so a table needs a handful of prepared statements whatever its batches.
   */
  private inChunks(params: readonly unknown[], width: number, sql: (rows: number) => string): number {
    let changes = 0;
    let start = 0;
    for (const rows of ROWS_PER_STATEMENT) {
      const length = rows * width;
      if (params.length - start < length) continue;
      const statement = this.statement(sql(rows));
      for (; params.length - start >= length; start += length) changes += statement.run(params.slice(start, start + length)).changes;
    }
    return changes;
  }

  delete(collection: string, id: string): void {
    this.writeAll(collection, new Map([[id, null]]));
  }

  dropCollection(collection: string): void {
    this.db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(tableName(collection))}`);
    this.collectionReplaced(collection, this.nextChange());
  }

  /** The table keeps its indexes through the rename: their names do not mention it. */
  renameCollection(from: string, to: string): void {
    const source = tableName(from);
    const target = tableName(to);
    if (source === target) return;
    this.db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(target)}`);
    if (this.tableExists(source)) this.db.exec(`ALTER TABLE ${quoteIdentifier(source)} RENAME TO ${quoteIdentifier(target)}`);
    const change = this.nextChange();
    this.collectionReplaced(from, change);
    this.collectionReplaced(to, change);
  }

  /**
   * A collection's version is its last change; a document's, the last drop or rename of its
   * collection and its own last change since (see the port).
   */
  changeVersions(scopes: readonly ChangeScope[]): string[] {
    const ofCollection = this.statement(`SELECT changed, replaced FROM collection_changes WHERE collection = ?`);
    const ofDocument = this.statement(`SELECT changed FROM document_changes WHERE collection = ? AND id = ?`);
    return scopes.map(({ collection, id }) => {
      assertCollectionName(collection);
      const row = ofCollection.get(collection) as { changed: number; replaced: number } | undefined;
      if (id === undefined) return String(row?.changed ?? 0);
      const document = ofDocument.get(collection, id) as { changed: number } | undefined;
      return `${row?.replaced ?? 0}.${document?.changed ?? 0}`;
    });
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

  private documentsChanged(collection: string, ids: readonly string[]): void {
    if (ids.length === 0) return;
    const change = this.nextChange();
    this.statement(
      `INSERT INTO collection_changes (collection, changed, replaced) VALUES (?, ?, 0) ON CONFLICT (collection) DO UPDATE SET changed = excluded.changed`,
    ).run(collection, change);
    if (!keepsDocumentVersions(collection)) return;
    const document = this.statement(
      `INSERT INTO document_changes (collection, id, changed) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET changed = excluded.changed`,
    );
    for (const id of ids) document.run(collection, id, change);
  }

  /** Its documents' own versions are forgotten: `replaced` now stands for all of them. */
  private collectionReplaced(collection: string, change: number): void {
    this.statement(
      `INSERT INTO collection_changes (collection, changed, replaced) VALUES (?, ?, ?) ON CONFLICT (collection) DO UPDATE SET changed = excluded.changed, replaced = excluded.replaced`,
    ).run(collection, change, change);
    this.statement(`DELETE FROM document_changes WHERE collection = ?`).run(collection);
  }

  private nextChange(): number {
    // Its row is made by the first change, not when the file is opened: opening then needs no write lock.
    return (
      this.statement(
        `INSERT INTO change_sequence (id, value) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET value = value + 1 RETURNING value`,
      ).get() as { value: number }
    ).value;
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

/** Rows per statement of a bulk write, largest first; the last must be 1. */
const ROWS_PER_STATEMENT = [128, 32, 8, 1] as const;
/** Stands for the changed documents of a collection that keeps no per-document versions. */
const ROWS_CHANGED = '';

function upsertSql(table: string, rows: number): string {
  return `INSERT INTO ${table} (id, body) VALUES ${'(?, ?), '.repeat(rows - 1)}(?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body WHERE body IS NOT excluded.body`;
}

function deleteSql(table: string, rows: number): string {
  return `DELETE FROM ${table} WHERE id IN (${'?, '.repeat(rows - 1)}?)`;
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
