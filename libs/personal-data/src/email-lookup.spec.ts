import { emailLookupHash, userNameLookupHash } from './email-lookup';

describe('emailLookupHash', () => {
  const pepper = 'server-pepper';

  it('is a hex HMAC-SHA256 that hides the address', () => {
    const lookup = emailLookupHash('ada@example.com', pepper);
    expect(lookup).toMatch(/^[0-9a-f]{64}$/);
    expect(lookup).not.toContain('ada');
  });

  it('ignores case and surrounding blanks', () => {
    expect(emailLookupHash('  Ada@Example.COM ', pepper)).toBe(emailLookupHash('ada@example.com', pepper));
  });

  it('differs between addresses and between peppers', () => {
    expect(emailLookupHash('ada@example.com', pepper)).not.toBe(emailLookupHash('bob@example.com', pepper));
    expect(emailLookupHash('ada@example.com', pepper)).not.toBe(emailLookupHash('ada@example.com', 'another-pepper'));
  });
});

describe('userNameLookupHash', () => {
  const pepper = 'server-pepper';

  it('is a hex HMAC-SHA256 that hides the handle, the same for one handle whatever its case', () => {
    const lookup = userNameLookupHash('ada-lovelace', pepper);
    expect(lookup).toMatch(/^[0-9a-f]{64}$/);
    expect(lookup).not.toContain('ada');
    expect(userNameLookupHash(' Ada-Lovelace ', pepper)).toBe(lookup);
  });

  it('differs between handles and peppers, and from the e-mail hash of the same text', () => {
    expect(userNameLookupHash('ada', pepper)).not.toBe(userNameLookupHash('bob', pepper));
    expect(userNameLookupHash('ada', pepper)).not.toBe(userNameLookupHash('ada', 'another-pepper'));
    expect(userNameLookupHash('ada', pepper)).not.toBe(emailLookupHash('ada', pepper));
  });
});
