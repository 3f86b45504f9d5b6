import { PostCards } from './post-cards';

describe('PostCards.version', () => {
  const card = { title: 'Understanding generics in C#', byline: PostCards.byline('article', 'Ada Lovelace') };

  it('is the same for the same title and byline, so previews keep the image they fetched', () => {
    expect(PostCards.version({ ...card })).toBe(PostCards.version(card));
    expect(card.byline).toBe('Ada Lovelace · Article');
  });

  it('changes with the title or the author shown, so previews fetch the new card', () => {
    expect(PostCards.version({ ...card, title: 'Generics in C#, revisited' })).not.toBe(PostCards.version(card));
    expect(PostCards.version({ ...card, byline: PostCards.byline('article', 'Deleted user') })).not.toBe(PostCards.version(card));
  });
});
