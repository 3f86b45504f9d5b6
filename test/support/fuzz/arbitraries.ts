import fc from 'fast-check';
import type { JsonSchema } from './api-routes';

/** encodeURIComponent, after replacing lone surrogates (which it refuses) as a browser would. */
export const encode = (value: string): string =>
  encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

/** Strings that have broken servers: unicode of every plane, control characters, injections, numbers in words. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\u202E\u0041',
    '../../etc/passwd',
    "' OR 1=1 --",
    '{"$gt": ""}',
    '<script>alert(1)</script>',
    '%00',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '9007199254740993',
    '__proto__',
    'constructor',
    'true',
    'null',
    '😀'.repeat(50),
  ),
);

/** A long string now and then: past every length limit, but under the 2 MB body limit. */
const hugeString = fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'ü'.repeat(length));

/** Any JSON value, including the wrong type for whatever field it lands in. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: hugeString },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 53, -(2 ** 63), 1e308)) },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } }) },
);

/** A value the JSON Schema describes (numbers at and past their bounds, strings of allowed length), or now and then junk. */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return junk;
  const valid = validFromSchema(schema, depth);
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: junk });
}

function validFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as JsonSchema[]).map((option) => fromSchema(option, depth + 1)));
  if (Array.isArray(schema.oneOf)) return fc.oneof(...(schema.oneOf as JsonSchema[]).map((option) => fromSchema(option, depth + 1)));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validFromSchema({ ...schema, type }, depth)));
  switch (types[0]) {
    case 'string': {
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, minLength + 300);
      return fc.oneof(
        fc.string({ minLength, maxLength }),
        fc.string({ unit: 'grapheme', minLength, maxLength }),
        fc.constantFrom('2026-01-31', 'someone@example.com', 'https://example.com/a?b=c', '<p>Hello <strong>there</strong></p>'),
      );
    }
    case 'integer':
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum as number | undefined) ?? -1e6;
      const max = (schema.maximum as number | undefined) ?? 1e6;
      const bounded = fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) });
      return fc.oneof(
        bounded,
        fc.constantFrom(0, 1, 2, 3, 100, min, max, min - 1, max + 1),
        ...(types[0] === 'number' ? [fc.double()] : []),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items as JsonSchema | undefined) ?? {};
      return fc.array(fromSchema(items, depth + 1), { maxLength: 6 });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const shape = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, fromSchema(property, depth + 1)]));
      return fc.record(shape, { requiredKeys: [] }).chain((record) =>
        // Extra fields the contract does not know.
        fc.dictionary(fc.string({ maxLength: 12 }), junk, { maxKeys: 2 }).map((extra) => ({ ...extra, ...record })),
      );
    }
    default:
      return junk;
  }
}

/** A path parameter: a fitting value most of the time, else anything (encoded, or raw and broken). */
export function pathSegment(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const fitting = schema ? validFromSchema(schema, 0).map((value) => encode(String(value))) : fc.constant('1');
  return fc.oneof(
    { weight: 3, arbitrary: fitting },
    { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 53 + 1, 1e21)).map(String) },
    { weight: 2, arbitrary: nastyString.map((value) => encode(value)) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%C0%AE%C0%AE', '..', '.', '%2e%2e%2f', '%2F', '%00', 'a%20b') },
    { weight: 1, arbitrary: fc.integer({ min: 300, max: 5_000 }).map((length) => '9'.repeat(length)) },
  );
}

/** A query string: the contract's fields or random ones, repeated keys (arrays), bracket syntax, broken encodings. */
export function queryString(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const properties = Object.keys(schema?.properties ?? {});
  const key = properties.length > 0 ? fc.oneof(fc.constantFrom(...properties), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
  const pair = fc.oneof(
    fc.tuple(key, nastyString).map(([name, value]) => `${encode(name)}=${encode(value)}`),
    fc.tuple(key, fc.constantFrom('[]', '[a]', '[0]', '[__proto__]')).map(([name, suffix]) => `${encode(name)}${suffix}=1`),
    fc.constantFrom('%', 'a=%E0%A4%A', '=&=', 'a', '&&'),
  );
  return fc.array(pair, { maxLength: 5 }).map((pairs) => (pairs.length > 0 ? `?${pairs.join('&')}` : ''));
}
