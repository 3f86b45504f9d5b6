import { plainTextOf } from './plain-text';

describe('plainTextOf', () => {
  it('drops the tags, keeping the words of adjacent elements apart', () => {
    expect(plainTextOf('<h2>Generics</h2><p>Write <strong>type-safe</strong> code.</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'Generics Write type-safe code. one two',
    );
  });

  it('decodes entities, named and numeric', () => {
    expect(plainTextOf('<code>List&lt;int&gt; &amp;&nbsp;x</code> caf&#233; &#x2713; &quot;q&quot; &unknown;')).toBe(
      'List<int> & x café ✓ "q" &unknown;',
    );
  });

  it('gives an empty text for markup without words', () => {
    expect(plainTextOf('<p><br></p>')).toBe('');
  });
});
