import type { z } from 'zod';

/** The part of a zod result that these helpers read; zod 4 errors satisfy it. */
export interface IssueList {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>;
}

/**
 * For forms: the first message of each top-level field ('' for form-wide issues), as the spec's
 * forms show one rule at a time. Nested issues (a tag's id) belong to their top-level field.
 */
export function firstErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** For the API's errorMessage: every distinct message, in order, one per line. */
export function formatIssues(error: IssueList): string {
  return [...new Set(error.issues.map((issue) => issue.message))].join('\n');
}
