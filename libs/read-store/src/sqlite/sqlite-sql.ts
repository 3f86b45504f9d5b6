import { assertCollectionName } from '../collection-name';
import type { Clause, ParsedFindOptions, RangeOperator } from '../filter';
import type { Scalar } from '../read-store.port';

/**
 * SQL for documents stored as `doc_<collection> (id TEXT PRIMARY KEY, body TEXT)`, the body
 * being the whole JSON document. Field paths become `json_extract(body, '$."a"."b"')` literals
 * (never bound parameters) so queries match the expression indexes textually.
 */

const TABLE_PREFIX = 'doc_';

export function tableName(collection: string): string {
  assertCollectionName(collection);
  return TABLE_PREFIX + collection;
}

export function collectionOfTable(table: string): string | null {
  return table.startsWith(TABLE_PREFIX) ? table.slice(TABLE_PREFIX.length) : null;
}

export function quoteIdentifier(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** Field paths are validated ([A-Za-z0-9_-] segments), so no quote can appear inside the literal. */
function jsonPath(field: string): string {
  return `'$${field
    .split('.')
    .map((segment) => `."${segment}"`)
    .join('')}'`;
}

/** The value expression of a field; `id` is the primary-key column. */
export function fieldExpression(field: string): string {
  return field === 'id' ? 'id' : `json_extract(body, ${jsonPath(field)})`;
}

/** The JSON type of a field ('text', 'integer', 'real', 'true', 'false', 'null', …; NULL when missing). */
function typeExpression(field: string): string {
  return field === 'id' ? `'text'` : `json_type(body, ${jsonPath(field)})`;
}

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

export function whereSql(clauses: readonly Clause[]): SqlFragment {
  if (clauses.length === 0) return { sql: '', params: [] };
  const parts = clauses.map(clauseSql);
  return { sql: ` WHERE ${parts.map((part) => part.sql).join(' AND ')}`, params: parts.flatMap((part) => part.params) };
}

function clauseSql(clause: Clause): SqlFragment {
  switch (clause.op) {
    case '$eq':
      return equals(clause.field, clause.value);
    case '$ne': {
      // Like MongoDB, $ne also matches documents where the field is missing: NULL counts as "not 1".
      const equal = equals(clause.field, clause.value);
      return { sql: `(${equal.sql}) IS NOT 1`, params: equal.params };
    }
    case '$in': {
      if (clause.values.length === 0) return { sql: '0', params: [] };
      return anyOf(clause.values.map((value) => equals(clause.field, value)));
    }
    case 'range': {
      const bounds = clause.bounds.map(([operator, value]) => compare(clause.field, operator, value));
      return { sql: bounds.map((part) => part.sql).join(' AND '), params: bounds.flatMap((part) => part.params) };
    }
  }
}

const SQL_OPERATOR: Record<RangeOperator, string> = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' };

/**
 * json_extract turns true/false into 1/0 and objects into JSON text, so each comparison also
 * checks the JSON type: values only ever match values of their own type, as in MongoDB.
 */
function typeGuard(field: string, value: Exclude<Scalar, null>): string {
  if (typeof value === 'string') return `${typeExpression(field)} = 'text'`;
  if (typeof value === 'number') return `${typeExpression(field)} IN ('integer', 'real')`;
  return `${typeExpression(field)} IN ('true', 'false')`;
}

function bindable(value: Exclude<Scalar, null>): string | number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function equals(field: string, value: Scalar): SqlFragment {
  if (value === null) return { sql: `${fieldExpression(field)} IS NULL`, params: [] };
  return { sql: `(${fieldExpression(field)} = ? AND ${typeGuard(field, value)})`, params: [bindable(value)] };
}

function compare(field: string, operator: RangeOperator, value: Scalar): SqlFragment {
  if (value === null) {
    // MongoDB: $lte/$gte null match null and missing fields; $lt/$gt null match nothing.
    return operator === '$lte' || operator === '$gte' ? { sql: `${fieldExpression(field)} IS NULL`, params: [] } : { sql: '0', params: [] };
  }
  return { sql: `(${fieldExpression(field)} ${SQL_OPERATOR[operator]} ? AND ${typeGuard(field, value)})`, params: [bindable(value)] };
}

export function orderAndPageSql(options: ParsedFindOptions): SqlFragment {
  const order = options.sort.length
    ? ` ORDER BY ${options.sort.map(([field, direction]) => `${fieldExpression(field)} ${direction === 1 ? 'ASC' : 'DESC'}`).join(', ')}`
    : '';
  if (options.limit === undefined && !options.skip) return { sql: order, params: [] };
  return { sql: `${order} LIMIT ? OFFSET ?`, params: [options.limit ?? -1, options.skip ?? 0] };
}

/**
 * Index names carry their fields (`ix:<fields>:<unique>`) rather than their table, so a renamed
 * table keeps valid, recognisable indexes and `ensureIndexes` can tell which already exist.
 */
export function indexName(fields: readonly string[], unique: string): string {
  return `ix:${fields.join(',')}:${unique}`;
}

export function fieldsOfIndex(name: string): string | null {
  const match = /^ix:([^:]*):/.exec(name);
  return match ? match[1] : null;
}

/**
 * `a OR b OR ...` as a balanced tree: SQLite caps an expression's depth at 1,000, and a flat chain of
 * ORs is as deep as it is long, so an `$in` over a thousand ids (a popular post's likers) would fail.
 */
function anyOf(parts: readonly SqlFragment[]): SqlFragment {
  if (parts.length === 1) return { sql: `(${parts[0].sql})`, params: parts[0].params };
  const middle = Math.ceil(parts.length / 2);
  const left = anyOf(parts.slice(0, middle));
  const right = anyOf(parts.slice(middle));
  return { sql: `(${left.sql} OR ${right.sql})`, params: [...left.params, ...right.params] };
}
