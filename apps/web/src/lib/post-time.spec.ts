import { postTimeText } from '@/lib/post-time';

const now = new Date('2024-06-15T12:00:00Z');

describe('postTimeText (SPEC §2, §9)', () => {
  it('gives the creation time, in the words of the list or of the view page, while the post was never changed', () => {
    const post = { createdOn: '2024-06-15T10:00:00Z', updatedOn: null };
    expect(postTimeText(post, 'Created on', now)).toBe('Created on about 2 hours ago');
    expect(postTimeText(post, 'Created', now)).toBe('Created about 2 hours ago');
  });

  it('gives the last modification once the post was changed', () => {
    const post = { createdOn: '2024-06-13T12:00:00Z', updatedOn: '2024-06-15T11:00:00Z' };
    expect(postTimeText(post, 'Created on', now)).toBe('Last modified about 1 hour ago');
  });

  it('treats an update at the creation time as no change', () => {
    const post = { createdOn: '2024-06-15T11:00:00Z', updatedOn: '2024-06-15T11:00:00Z' };
    expect(postTimeText(post, 'Created', now)).toBe('Created about 1 hour ago');
  });
});
