import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  SearchTookTooLongError,
  type SearchDocument,
  type SearchGeneration,
  type SearchIndex,
  type SearchIndexBatch,
  type SearchQuery,
} from '../search-index.port';
import { BufferedBatch, isAnswered, isSolved, keysetCursor, searchWords, tagText, trendingScores } from '../search-terms';

export interface Fts5SearchIndexOptions {
  /** The database file, usually `<dataDir>/search.sqlite` (its own file: a rebuild never locks the read store). */
  file: string;
  /** How long a write waits for another process holding the file's write lock. Default 10 s. */
  busyTimeoutMs?: number;
  /** How long one search may take before it stops with SearchTookTooLongError (it runs on the event loop). Default 500 ms. */
  searchBudgetMs?: number;
}

/**
 * The SQL function the full-text part of a search calls for each match: it fails the statement
 * once the search's time budget is spent. better-sqlite3 has no progress handler nor interrupt,
 * and the cost of a search is in the matches FTS5 produces, so this is where it can be stopped.
 */
export const WITHIN_BUDGET = 'search_within_budget';

/** The two physical slots; `search_meta.live` names the live one, the other is the shadow. */
type Slot = 'a' | 'b';
const SLOTS: readonly Slot[] = ['a', 'b'];
const other = (slot: Slot): Slot => (slot === 'a' ? 'b' : 'a');

const slotSchema = (slot: Slot) => `
  CREATE TABLE IF NOT EXISTS posts_${slot} (
    id INTEGER PRIMARY KEY,
    entity_type INTEGER NOT NULL,
    category_id INTEGER NOT NULL,
    author_account_id TEXT NOT NULL,
    is_approved INTEGER NOT NULL,
    is_published INTEGER NOT NULL,
    likes INTEGER NOT NULL,
    is_answered INTEGER NOT NULL,
    is_solved INTEGER NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS posts_${slot}_likes ON posts_${slot} (likes, id);
  -- The trending score of a post for each day whose window holds some of its activity (none: 0).
  CREATE TABLE IF NOT EXISTS post_trend_${slot} (post_id INTEGER NOT NULL, day INTEGER NOT NULL, score INTEGER NOT NULL, PRIMARY KEY (post_id, day)) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS post_trend_${slot}_day ON post_trend_${slot} (day, score, post_id);
  CREATE INDEX IF NOT EXISTS posts_${slot}_type_id ON posts_${slot} (entity_type, id);
  CREATE INDEX IF NOT EXISTS posts_${slot}_author ON posts_${slot} (author_account_id, id);
  CREATE TABLE IF NOT EXISTS post_tags_${slot} (tag_id INTEGER NOT NULL, post_id INTEGER NOT NULL, PRIMARY KEY (tag_id, post_id)) WITHOUT ROWID;
  -- Replacing or removing a post deletes its tags by post id: without this, every write scans all tags.
  CREATE INDEX IF NOT EXISTS post_tags_${slot}_post ON post_tags_${slot} (post_id);
  CREATE VIRTUAL TABLE IF NOT EXISTS fts_${slot} USING fts5 (title, description, body_text, tags, tokenize = 'unicode61 remove_diacritics 2');
`;

/** Bumped when the tables change: an older file is emptied (it is a projection: it rebuilds from position 0). */
const SCHEMA_VERSION = 4;
const DROP_ALL = [
  'search_meta',
  'search_checkpoints',
  ...SLOTS.flatMap((slot) => [`posts_${slot}`, `post_tags_${slot}`, `post_trend_${slot}`, `fts_${slot}`]),
]
  .map((table) => `DROP TABLE IF EXISTS ${table};`)
  .join('\n');

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS search_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  INSERT OR IGNORE INTO search_meta (key, value) VALUES ('live', 'a');
  CREATE TABLE IF NOT EXISTS search_checkpoints (slot TEXT PRIMARY KEY, position TEXT);
  ${SLOTS.map(slotSchema).join('\n')}
`;

/**
 * The embedded SearchIndex: SQLite FTS5 in its own file (WAL). Each generation lives in a slot of
 * tables (posts, their tags, the FTS5 text); a pointer row says which slot is live, so the
 * blue-green switch is one UPDATE in the same transaction that empties the old slot. A batch is
 * buffered while the projection works, then written with its checkpoint in ONE immediate
 * transaction. Every word is matched by FTS5 (unicode61, diacritics removed: case and accent
 * insensitive), the last one as a prefix.
 */
export class Fts5SearchIndex implements SearchIndex {
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  private closed = false;
  private readonly searchBudgetMs: number;
  private deadline = Infinity;

  constructor(options: Fts5SearchIndexOptions) {
    this.searchBudgetMs = options.searchBudgetMs ?? 500;
    mkdirSync(dirname(options.file), { recursive: true });
    this.db = new Database(options.file, { timeout: options.busyTimeoutMs ?? 10_000 });
    this.db.pragma('journal_mode = WAL');
    // NORMAL: the index is rebuilt from the log. A power cut may lose the last batches, but each
    // batch's documents and checkpoint go back together, so the runner just re-applies them.
    this.db.pragma('synchronous = NORMAL');
    // Deleted documents are zeroed in their pages (as in the read store; no extra I/O).
    this.db.pragma('secure_delete = FAST');
    this.db
      .transaction(() => {
        if (this.db.pragma('user_version', { simple: true }) === SCHEMA_VERSION) return;
        this.db.exec(DROP_ALL);
        this.db.exec(SCHEMA);
        this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
      })
      .immediate();
    this.db.function(WITHIN_BUDGET, { deterministic: false }, () => {
      if (performance.now() >= this.deadline) throw new SearchTookTooLongError();
      return 1;
    });
  }

  getCheckpoint(generation: SearchGeneration = 'live'): Promise<bigint | null> {
    return this.run(() => this.db.transaction(() => this.checkpointOf(this.slotOf(generation)))());
  }

  get(id: number, generation: SearchGeneration = 'live'): Promise<SearchDocument | null> {
    return this.run(() => this.db.transaction(() => this.documentOf(this.slotOf(generation), id))());
  }

  async applyBatch(
    generation: SearchGeneration,
    checkpoint: { from: bigint | null; to: bigint },
    work: (batch: SearchIndexBatch) => void | Promise<void>,
  ): Promise<boolean> {
    this.assertOpen();
    const batch = new BufferedBatch((id) => this.get(id, generation));
    await work(batch);
    return this.run(() =>
      this.db
        .transaction(() => {
          const slot = this.slotOf(generation);
          if (this.checkpointOf(slot) !== checkpoint.from) return false;
          for (const [id, document] of batch.writes) {
            this.removeFrom(slot, id);
            if (document) this.insertInto(slot, document);
          }
          this.setCheckpoint(slot, checkpoint.to);
          return true;
        })
        .immediate(),
    );
  }

  resetShadow(): Promise<void> {
    return this.run(() =>
      this.db
        .transaction(() => {
          const shadow = this.slotOf('shadow');
          this.empty(shadow);
          this.setCheckpoint(shadow, null);
        })
        .immediate(),
    );
  }

  promoteShadow(): Promise<void> {
    return this.run(() =>
      this.db
        .transaction(() => {
          const oldLive = this.slotOf('live');
          this.db.prepare(`UPDATE search_meta SET value = ? WHERE key = 'live'`).run(other(oldLive));
          this.empty(oldLive);
          this.setCheckpoint(oldLive, null);
        })
        .immediate(),
    );
  }

  search(query: SearchQuery): Promise<SearchDocument[]> {
    return this.run(() => this.db.transaction(() => this.searchLive(query))());
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.db.close();
    }
    return Promise.resolve();
  }

  /** Runs synchronous database work behind the port's promises: an error (a closed index too) becomes a rejection. */
  private run<T>(work: () => T): Promise<T> {
    try {
      this.assertOpen();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private searchLive(query: SearchQuery): SearchDocument[] {
    const { sql, params } = searchStatement(this.slotOf('live'), query);
    this.deadline = performance.now() + this.searchBudgetMs;
    let rows: Array<{ body: string }>;
    try {
      rows = this.db.prepare(sql).all(...params) as Array<{ body: string }>;
    } finally {
      this.deadline = Infinity;
    }
    return rows.map((row) => JSON.parse(row.body) as SearchDocument);
  }

  private slotOf(generation: SearchGeneration): Slot {
    const { value } = this.statement(`SELECT value FROM search_meta WHERE key = 'live'`).get() as { value: Slot };
    return generation === 'live' ? value : other(value);
  }

  private checkpointOf(slot: Slot): bigint | null {
    const row = this.statement('SELECT position FROM search_checkpoints WHERE slot = ?').get(slot) as
      { position: string | null } | undefined;
    return row?.position == null ? null : BigInt(row.position);
  }

  private setCheckpoint(slot: Slot, position: bigint | null): void {
    this.statement(
      'INSERT INTO search_checkpoints (slot, position) VALUES (?, ?) ON CONFLICT (slot) DO UPDATE SET position = excluded.position',
    ).run(slot, position === null ? null : position.toString());
  }

  private documentOf(slot: Slot, id: number): SearchDocument | null {
    const row = this.statement(`SELECT body FROM posts_${slot} WHERE id = ?`).get(id) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as SearchDocument) : null;
  }

  private removeFrom(slot: Slot, id: number): void {
    this.statement(`DELETE FROM posts_${slot} WHERE id = ?`).run(id);
    this.statement(`DELETE FROM post_tags_${slot} WHERE post_id = ?`).run(id);
    this.statement(`DELETE FROM post_trend_${slot} WHERE post_id = ?`).run(id);
    this.statement(`DELETE FROM fts_${slot} WHERE rowid = ?`).run(id);
  }

  private insertInto(slot: Slot, document: SearchDocument): void {
    this.statement(
      `INSERT INTO posts_${slot} (id, entity_type, category_id, author_account_id, is_approved, is_published, likes, is_answered, is_solved, body)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      document.id,
      document.entityType,
      document.categoryId,
      document.authorAccountId,
      document.isApproved ? 1 : 0,
      document.isPublished ? 1 : 0,
      document.likes,
      isAnswered(document) ? 1 : 0,
      isSolved(document) ? 1 : 0,
      JSON.stringify(document),
    );
    const trend = this.statement(`INSERT INTO post_trend_${slot} (post_id, day, score) VALUES (?, ?, ?)`);
    for (const [day, score] of trendingScores(document)) trend.run(document.id, day, score);
    const tag = this.statement(`INSERT OR IGNORE INTO post_tags_${slot} (tag_id, post_id) VALUES (?, ?)`);
    for (const { id } of document.tags) tag.run(id, document.id);
    this.statement(`INSERT INTO fts_${slot} (rowid, title, description, body_text, tags) VALUES (?, ?, ?, ?, ?)`).run(
      document.id,
      document.title,
      document.description,
      document.contentText,
      tagText(document),
    );
  }

  /** Prepared once per SQL text: the few statements of each slot are reused by every batch. */
  private statement(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) this.statements.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }

  private empty(slot: Slot): void {
    this.db.exec(`DELETE FROM posts_${slot}; DELETE FROM post_tags_${slot}; DELETE FROM post_trend_${slot}; DELETE FROM fts_${slot};`);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The search index is closed');
  }
}

/**
 * The page of SPEC §4 in one statement over a slot's tables. `latest`: one range on the primary key
 * (the keyset cursor), so SQLite walks the posts in id order and stops after `pageSize`. `top` and
 * `trending`: the compound keyset (score, id) over the likes column or the day's trend row. The
 * entity type sits behind unary `+` so that no index on it tempts SQLite into a search and a sort of every match.
 */
export function searchStatement(slot: string, query: SearchQuery): { sql: string; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const condition = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    params.push(...values);
  };
  const visibility = query.visibility;
  if (visibility === 'public') condition('p.is_published = 1 AND p.is_approved = 1');
  else if (visibility !== 'admin') condition('p.author_account_id = ?', visibility.ownerAccountId);
  if (query.categoryId !== -1) condition('p.category_id = ?', query.categoryId);
  if (query.authorAccountId !== undefined) condition('p.author_account_id = ?', query.authorAccountId);
  if (query.tagIds.length > 0) {
    condition(
      `p.id IN (SELECT post_id FROM post_tags_${slot} WHERE tag_id IN (${query.tagIds.map(() => '?').join(', ')}))`,
      ...query.tagIds,
    );
  }
  if (query.entityType !== 100) condition('+p.entity_type = ?', query.entityType);
  if (query.status === 'unanswered') condition('+p.entity_type = 2 AND p.is_answered = 0');
  if (query.status === 'solved') condition('+p.entity_type = 2 AND p.is_solved = 1');
  const sort = query.sort ?? 'latest';
  const join = sort === 'trending' ? `LEFT JOIN post_trend_${slot} t ON t.post_id = p.id AND t.day = ?` : '';
  const score = sort === 'trending' ? 'COALESCE(t.score, 0)' : 'p.likes';
  let order: string;
  if (sort === 'latest') {
    condition(`p.id ${query.orderByAsc ? '>' : '<'} ?`, keysetCursor(query));
    order = `p.id ${query.orderByAsc ? 'ASC' : 'DESC'}`;
  } else {
    const after = query.lastFetchedScore;
    if (after) condition(`(${score} < ? OR (${score} = ? AND p.id < ?))`, after.score, after.score, after.id);
    order = `${score} DESC, p.id DESC`;
  }
  const words = searchWords(query.text);
  if (words.length > 0)
    condition(`p.id IN (SELECT rowid FROM fts_${slot} WHERE fts_${slot} MATCH ? AND ${WITHIN_BUDGET}())`, matchExpression(words));
  return {
    sql: `SELECT p.body FROM posts_${slot} p ${join} WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ?`,
    params: [...(sort === 'trending' ? [query.today ?? 0] : []), ...params, query.pageSize],
  };
}

/** Every word must match (FTS5 ANDs the phrases), the last one as a prefix; words hold letters only, so quoting is safe. */
function matchExpression(words: readonly string[]): string {
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}
