import { z } from 'zod';
import { firstErrors, formatIssues } from './validation';

const schema = z.object({
  name: z.string().min(1, 'required').min(3, 'short'),
  tags: z.array(z.object({ id: z.number('bad tag') })),
});

describe('firstErrors', () => {
  it('keeps the first message of each top-level field', () => {
    expect(firstErrors(schema, { name: '', tags: [{ id: 'x' }, { id: 'y' }] })).toEqual({ name: 'required', tags: 'bad tag' });
  });

  it('is empty for valid values', () => expect(firstErrors(schema, { name: 'Ada', tags: [] })).toEqual({}));

  it("files form-wide issues under ''", () => expect(firstErrors(schema, 'not an object')).toEqual({ '': expect.any(String) }));
});

describe('formatIssues', () => {
  it('joins the distinct messages with newlines, in order', () => {
    const error = schema.safeParse({ name: '', tags: [{ id: 'x' }, { id: 'y' }] }).error!;
    expect(formatIssues(error)).toBe('required\nshort\nbad tag');
  });
});
