import { inspect } from 'node:util';
import type { Condition, Filter, FindOptions, Scalar } from './read-store.port';

export type RangeOperator = '$lt' | '$lte' | '$gt' | '$gte';

/** One validated condition on one field; every adapter translates these, never raw filters. */
export type Clause =
  | { field: string; op: '$eq' | '$ne'; value: Scalar }
  | { field: string; op: '$in'; values: Scalar[] }
  | { field: string; op: 'range'; bounds: Array<[RangeOperator, Scalar]> };

const RANGE_OPERATORS: readonly string[] = ['$lt', '$lte', '$gt', '$gte'];
const PATH_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** A field name or dotted path of plain segments; `_id` is the Mongo adapter's, not a document field. */
export function assertFieldPath(field: string): void {
  const valid = typeof field === 'string' && field.split('.').every((segment) => PATH_SEGMENT.test(segment)) && field !== '_id';
  if (!valid) throw new TypeError(`Invalid read-store field path: ${JSON.stringify(field)}`);
}

export function parseFilter(filter: Filter = {}): Clause[] {
  return Object.entries(filter).map(([field, condition]) => {
    assertFieldPath(field);
    return parseCondition(field, condition);
  });
}

function parseCondition(field: string, condition: Condition): Clause {
  if (!isOperatorObject(condition)) return { field, op: '$eq', value: scalar(field, condition) };
  const entries = Object.entries(condition);
  if (entries.length === 0) throw new TypeError(`Empty condition on "${field}"`);
  if ('$in' in condition) {
    if (entries.length > 1 || !Array.isArray(condition.$in)) throw new TypeError(`"$in" on "${field}" takes an array and stands alone`);
    return { field, op: '$in', values: condition.$in.map((value) => scalar(field, value)) };
  }
  if ('$ne' in condition) {
    if (entries.length > 1) throw new TypeError(`"$ne" on "${field}" stands alone`);
    return { field, op: '$ne', value: scalar(field, condition.$ne) };
  }
  const bounds = entries.map(([operator, value]): [RangeOperator, Scalar] => {
    if (!RANGE_OPERATORS.includes(operator)) throw new TypeError(`Unknown operator "${operator}" on "${field}"`);
    return [operator as RangeOperator, scalar(field, value as Scalar)];
  });
  return { field, op: 'range', bounds };
}

function isOperatorObject(condition: Condition): condition is Exclude<Condition, Scalar> {
  return typeof condition === 'object' && condition !== null;
}

function scalar(field: string, value: unknown): Scalar {
  if (value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    return value;
  }
  throw new TypeError(`Condition on "${field}" must be a string, finite number, boolean or null, got ${inspect(value)}`);
}

export interface ParsedFindOptions {
  sort: Array<[string, 1 | -1]>;
  limit?: number;
  skip?: number;
}

export function parseFindOptions(options: FindOptions = {}): ParsedFindOptions {
  const sort = (options.sort ?? []).map(([field, direction]): [string, 1 | -1] => {
    assertFieldPath(field);
    if (direction !== 1 && direction !== -1) throw new TypeError(`Sort direction of "${field}" must be 1 or -1`);
    return [field, direction];
  });
  for (const key of ['limit', 'skip'] as const) {
    const value = options[key];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
      throw new TypeError(`${key} must be a non-negative integer, got ${value}`);
    }
  }
  return { sort, limit: options.limit, skip: options.skip };
}

export function assertDocumentId(document: { id: string }): void {
  if (typeof document?.id !== 'string' || document.id === '') throw new TypeError('A read document needs a non-empty string id');
}
