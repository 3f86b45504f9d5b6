import { singleLine } from './single-line';

describe('singleLine', () => {
  it('joins lines and drops control and bidi characters, so a name cannot become a paragraph of the mail', () => {
    expect(singleLine('Ada\r\n\r\nYour account is locked.\nLog in at https://evil.example')).toBe(
      'Ada Your account is locked. Log in at https://evil.example',
    );
    expect(singleLine('Tab\there\u0000\u0007\u001b[31m\u0085next\u2028line\u2029para')).toBe('Tab here [31m next line para');
    expect(singleLine('\u202Eexe.txt\u202C \u2066x\u2069 \u200Fy\u200E \u061Cz')).toBe('exe.txt x y z');
  });

  it('keeps ordinary text, other scripts and emoji as they are', () => {
    expect(singleLine('  Grace   Hopper ')).toBe('Grace Hopper');
    expect(singleLine('Åsa Öberg — 日本語 🚀')).toBe('Åsa Öberg — 日本語 🚀');
  });

  it('cuts very long text with an ellipsis', () => {
    expect(singleLine('x'.repeat(500))).toBe(`${'x'.repeat(199)}…`);
  });
});
