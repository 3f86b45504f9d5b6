import { deciderSpec } from '@app/testing';
import type { Actor } from '../posts/authorization';
import type { SetSaved } from './commands';
import { readingListDecider } from './decider';
import { readingListStreamName, type ReadingListEvent } from './events';

const ada: Actor = { accountId: 'ada', roleId: 1 };
const now = new Date('2026-02-01T10:00:00.000Z');
const setSaved = (isSaved: boolean, overrides: Partial<SetSaved> = {}): SetSaved => ({
  type: 'SetSaved',
  kind: 'article',
  postId: 7,
  postVisible: true,
  actor: ada,
  isSaved,
  now,
  ...overrides,
});
const data = { entityType: 1 as const, postId: 7, accountId: 'ada', at: now.toISOString() };
const saved: ReadingListEvent = { type: 'PostSaved', data };
const unsaved: ReadingListEvent = { type: 'PostUnsaved', data };

describe('readingListDecider', () => {
  it('saves a post once: saving twice is one save', () => {
    deciderSpec(readingListDecider).given([]).when(setSaved(true)).then([saved]);
    deciderSpec(readingListDecider).given([saved]).when(setSaved(true)).thenNothingHappened();
  });

  it('unsaves a saved post; unsaving what is not saved changes nothing', () => {
    deciderSpec(readingListDecider).given([saved]).when(setSaved(false)).then([unsaved]);
    deciderSpec(readingListDecider).given([]).when(setSaved(false)).thenNothingHappened();
  });

  it('records the entity type of the post kind', () => {
    deciderSpec(readingListDecider)
      .given([])
      .when(setSaved(true, { kind: 'question' }))
      .then([{ type: 'PostSaved', data: { ...data, entityType: 2 } }]);
  });

  it('refuses to save a post the reader cannot see, but lets them unsave it', () => {
    deciderSpec(readingListDecider)
      .given([])
      .when(setSaved(true, { postVisible: false }))
      .thenThrows('not_found', 'Article not found.');
    deciderSpec(readingListDecider)
      .given([saved])
      .when(setSaved(false, { postVisible: false }))
      .then([unsaved]);
  });

  it('names one stream per post and reader', () => {
    expect(readingListStreamName(2, 7, 'ada')).toBe('reading-2-7-ada');
  });
});
