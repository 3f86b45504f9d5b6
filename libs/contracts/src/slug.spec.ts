import { slugify } from './slug';

describe('slugify (SPEC §5)', () => {
  it('turns spaces into hyphens and lowercases', () => {
    expect(slugify('Getting Started With Records')).toBe('getting-started-with-records');
  });

  it.each([
    ['What is new in C# 12', 'what-is-new-in-csharp-12'],
    ['ASP.NET Core tips', 'aspdotnet-core-tips'],
    ['.NET 8 performance', 'dotnet-8-performance'],
    ['Modern C++ smart pointers', 'modern-cplusplus-smart-pointers'],
    ['F# for fun', 'fsharp-for-fun'],
  ])('replaces language names: %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('removes slashes and apostrophes and collapses double hyphens', () => {
    expect(slugify("Async/await: don't block")).toBe('asyncawait-dont-block');
    expect(slugify('Input / output - streams')).toBe('input-output-streams');
    expect(slugify('a -- b')).toBe('a-b');
  });

  it('drops characters that would break the path segment', () => {
    expect(slugify('Why does my loop hang?')).toBe('why-does-my-loop-hang');
    expect(slugify('100% coverage #goals')).toBe('100-coverage-goals');
  });

  it('keeps non-latin letters and trims hyphens at the ends', () => {
    expect(slugify('  Über Generics ')).toBe('über-generics');
    expect(slugify('- hello -')).toBe('hello');
  });
});
