import { ApproveRequest, ArticleSaveRequest, FILL_REQUIRED_FIELDS_MESSAGE, QuestionSaveRequest } from './posts';
import { firstErrors, formatIssues } from './validation';

const article = {
  title: 'Span<T> in C#',
  description: 'Slicing without copying',
  categoryId: 3,
  tags: [{ id: 7, subTag: 'C#', name: 'csharp' }],
  content: '<p>Hello</p>',
  source: 'https://learn.microsoft.com',
  instructions: 'Please check the code',
  isPublished: true,
  defaultImageId: 42,
};

const question = { categoryId: 110, tags: [{ id: 9 }], title: 'Why is my heap slow?', content: '<p>It is.</p>' };

describe('ArticleSaveRequest', () => {
  const errorsOf = (values: Record<string, unknown>) => firstErrors(ArticleSaveRequest, { ...article, ...values });

  it('accepts the SPEC §3 submit model and keeps its fields', () => {
    expect(ArticleSaveRequest.parse({ ...article, id: 5 })).toEqual({ ...article, id: 5 });
  });

  it('defaults isPublished to false and defaultImageId to -1 and allows a missing id, source and instructions', () => {
    const { isPublished: _p, defaultImageId: _d, source: _s, instructions: _i, ...minimal } = article;
    expect(ArticleSaveRequest.parse(minimal)).toEqual({ ...minimal, isPublished: false, defaultImageId: -1 });
    expect(ArticleSaveRequest.parse({ ...minimal, id: null, source: null, instructions: null })).toMatchObject({
      id: null,
      source: null,
      instructions: null,
    });
  });

  it('drops fields the view model carries but the save does not take', () => {
    expect(ArticleSaveRequest.parse({ ...article, uName: 'ada', likes: 3, attachedFiles: [] })).not.toHaveProperty('uName');
  });

  it.each([
    ['title', { title: '' }, '- Title is required'],
    ['title', { title: '   ' }, '- Title is required'],
    ['title', { title: undefined }, '- Title is required'],
    ['title', { title: 'x'.repeat(201) }, '- Title must be max 200 characters'],
    ['description', { description: '' }, '- Description is required'],
    ['description', { description: 'x'.repeat(201) }, '- Description must be max 200 characters'],
    ['categoryId', { categoryId: undefined }, '- Category is required'],
    ['categoryId', { categoryId: 0 }, '- Category is required'],
    ['categoryId', { categoryId: '3' }, '- Category is required'],
    ['tags', { tags: [] }, '- Tags are required'],
    ['tags', { tags: undefined }, '- Tags are required'],
    ['tags', { tags: [{ id: -2 }] }, '- Tag is invalid'],
    ['content', { content: '' }, '- Content is required'],
    ['content', { content: '<p><br></p>' }, '- Content is required'],
    ['source', { source: 'x'.repeat(501) }, '- Source must be max 500 characters'],
    ['instructions', { instructions: 'x'.repeat(501) }, '- Instructions must be max 500 characters'],
    ['defaultImageId', { defaultImageId: 0 }, '- Default image is invalid'],
    ['defaultImageId', { defaultImageId: -5 }, '- Default image is invalid'],
    ['id', { id: 0 }, '- Id is invalid'],
    ['id', { id: 1.5 }, '- Id is invalid'],
  ])('reports %s for %j', (field, values, message) => expect(errorsOf(values)).toEqual({ [field]: message }));

  it('accepts limits exactly and an image-only body', () => {
    expect(
      errorsOf({ title: 'x'.repeat(200), description: 'x'.repeat(200), source: 'x'.repeat(500), instructions: 'x'.repeat(500) }),
    ).toEqual({});
    expect(errorsOf({ content: '<figure><img src="/images/a.png"><figcaption></figcaption></figure>' })).toEqual({});
  });

  it('lists every problem, once each, for the API', () => {
    const result = ArticleSaveRequest.safeParse({ content: '' });
    expect(formatIssues(result.error!).split('\n')).toEqual([
      '- Title is required',
      '- Description is required',
      '- Category is required',
      '- Tags are required',
      '- Content is required',
    ]);
  });

  it('names the SPEC §8 message for an invalid form', () => expect(FILL_REQUIRED_FIELDS_MESSAGE).toBe('Fill all required fields first'));
});

describe('QuestionSaveRequest', () => {
  const errorsOf = (values: Record<string, unknown>) => firstErrors(QuestionSaveRequest, { ...question, ...values });

  it('accepts the SPEC §3 submit model, defaultImageId -1 when none is chosen', () => {
    expect(QuestionSaveRequest.parse(question)).toEqual({ ...question, defaultImageId: -1 });
    expect(QuestionSaveRequest.parse({ ...question, id: 12, defaultImageId: 3 })).toEqual({ ...question, id: 12, defaultImageId: 3 });
  });

  it('has no description, source or instructions', () => {
    expect(QuestionSaveRequest.parse({ ...question, description: 'x', source: 'y' })).not.toHaveProperty('description');
  });

  it.each([
    ['title', { title: '' }, '- Title is required'],
    ['title', { title: 'x'.repeat(201) }, '- Title must be max 200 characters'],
    ['categoryId', { categoryId: null }, '- Category is required'],
    ['tags', { tags: [] }, '- Tags are required'],
    ['content', { content: '<p> </p>' }, '- Content is required'],
  ])('reports %s for %j', (field, values, message) => expect(errorsOf(values)).toEqual({ [field]: message }));
});

describe('ApproveRequest', () => {
  it('takes an id and the new flag', () => {
    expect(ApproveRequest.parse({ id: 4, isApproved: false })).toEqual({ id: 4, isApproved: false });
    expect(firstErrors(ApproveRequest, { id: 4 })).toEqual({ isApproved: '- isApproved is required' });
    expect(firstErrors(ApproveRequest, { id: 'x', isApproved: true })).toEqual({ id: '- Id is invalid' });
  });
});
