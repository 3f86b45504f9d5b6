import type { PostRevision } from '@app/contracts';
import { otherFieldChanges, sideBySide } from '@/features/posts/lib/revision-diff';

const revision = (overrides: Partial<PostRevision> = {}): PostRevision => ({
  revision: 1,
  change: 'create',
  uName: 'ada',
  name: 'Ada',
  at: '2026-01-01T00:00:00.000Z',
  title: 'Generics',
  categoryId: 3,
  category: 'C#',
  tags: [{ id: 1, subTag: 'csharp' }],
  content: '<p>a</p>',
  description: 'About generics',
  source: '',
  instructions: '',
  isPublished: false,
  isApproved: true,
  defaultImageId: -1,
  ...overrides,
});

describe('sideBySide', () => {
  it('marks removed words in the older column and added words in the newer one, keeping the rest in both', () => {
    const diff = sideBySide('Generics in C#', 'Generics in modern C#');
    expect(diff.changed).toBe(true);
    expect(diff.before.map((part) => part.text).join('')).toBe('Generics in C#');
    expect(diff.after.map((part) => part.text).join('')).toBe('Generics in modern C#');
    expect(diff.after.filter((part) => part.kind === 'added').map((part) => part.text.trim())).toEqual(['modern']);
    expect(diff.before.some((part) => part.kind === 'added')).toBe(false);
  });

  it('says when nothing changed', () => {
    const diff = sideBySide('Same', 'Same');
    expect(diff).toEqual({ changed: false, before: [{ text: 'Same', kind: 'same' }], after: [{ text: 'Same', kind: 'same' }] });
  });

  it('keeps markup as plain text (the page renders it as text, never as html)', () => {
    const diff = sideBySide('<p>old</p>', '<img src=x onerror=alert(1)>');
    expect(diff.after.map((part) => part.text).join('')).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('otherFieldChanges', () => {
  it('lists only the fields that differ, as text', () => {
    const before = revision();
    const after = revision({ category: 'Design Patterns', isPublished: true, tags: [{ id: 2, subTag: 'dotnet' }], defaultImageId: 7 });
    expect(otherFieldChanges(before, after)).toEqual([
      { label: 'Category', before: 'C#', after: 'Design Patterns' },
      { label: 'Tags', before: 'csharp', after: 'dotnet' },
      { label: 'Published', before: 'No', after: 'Yes' },
      { label: 'Default image', before: 'None', after: 'File 7' },
    ]);
    expect(otherFieldChanges(before, before)).toEqual([]);
  });
});
