import { indentOfMargin, MAX_INDENT } from '@/components/editor/indent';

describe('indentOfMargin', () => {
  it.each([
    ['2em', 1],
    ['4em', 2],
    [' 12em ', 6],
    ['', 0],
    ['40px', 0],
    ['-2em', 0],
    ['100em', MAX_INDENT],
  ])('%s is level %d', (margin, level) => {
    expect(indentOfMargin(margin)).toBe(level);
  });
});
