import { EMAIL_NOT_CONFIRMED } from '@app/contracts';
import { isEmailNotConfirmed } from '@/lib/email-not-confirmed';

describe('isEmailNotConfirmed', () => {
  it("recognises the server's 403 for a write that waits for a confirmed e-mail, and nothing else", () => {
    expect(isEmailNotConfirmed(403, EMAIL_NOT_CONFIRMED)).toBe(true);
    expect(isEmailNotConfirmed(403, 'Only an admin can do this.')).toBe(false);
    expect(isEmailNotConfirmed(400, EMAIL_NOT_CONFIRMED)).toBe(false);
    expect(isEmailNotConfirmed(403, null)).toBe(false);
  });
});
