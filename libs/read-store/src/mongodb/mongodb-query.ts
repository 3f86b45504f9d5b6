import type { Document, IndexDirection, Sort } from 'mongodb';
import type { Clause, ParsedFindOptions } from '../filter';

/** Mongo keeps the document id in `_id`; every other field keeps its name. */
export function mongoField(field: string): string {
  return field === 'id' ? '_id' : field;
}

/** Validated clauses map one-to-one onto MongoDB's own operators, which define the semantics. */
export function mongoFilter(clauses: readonly Clause[]): Document {
  const filter: Document = {};
  for (const clause of clauses) {
    const field = mongoField(clause.field);
    switch (clause.op) {
      case '$eq':
        filter[field] = { $eq: clause.value };
        break;
      case '$ne':
        filter[field] = { $ne: clause.value };
        break;
      case '$in':
        filter[field] = { $in: clause.values };
        break;
      case 'range':
        filter[field] = Object.fromEntries(clause.bounds);
        break;
    }
  }
  return filter;
}

/** Tuples, not an object: an object would reorder keys that look like integers. */
export function mongoSort(options: ParsedFindOptions): Sort | undefined {
  return options.sort.length ? options.sort.map(([field, direction]): [string, 1 | -1] => [mongoField(field), direction]) : undefined;
}

export function mongoIndexKeys(fields: readonly string[]): Array<[string, IndexDirection]> {
  return fields.map((field): [string, IndexDirection] => [mongoField(field), 1]);
}
