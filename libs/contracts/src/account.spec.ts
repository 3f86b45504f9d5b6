import {
  confirmEmailRequestSchema,
  forgotPasswordRequestSchema,
  isPasswordNoMatch,
  LINK_SENT_MESSAGE,
  loginRequestSchema,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  sendConfirmEmailLinkRequestSchema,
  signupFormSchema,
  signupRequestSchema,
} from './account';
import { firstErrors, formatIssues } from './validation';

const EMAIL = 'ada@example.com';
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('loginRequestSchema', () => {
  const login = (values: Record<string, unknown>) => firstErrors(loginRequestSchema, { Email: EMAIL, Password: 'secret-pw', ...values });

  it('accepts a valid login and defaults RememberMe to false', () => {
    expect(loginRequestSchema.parse({ Email: EMAIL, Password: 'secret-pw' })).toEqual({
      Email: EMAIL,
      Password: 'secret-pw',
      RememberMe: false,
    });
    expect(loginRequestSchema.parse({ Email: EMAIL, Password: 'secret-pw', RememberMe: true }).RememberMe).toBe(true);
  });

  it('has the SPEC §5 e-mail messages', () => {
    expect(login({ Email: '' })).toEqual({ Email: '- Email is required' });
    expect(login({ Email: undefined })).toEqual({ Email: '- Email is required' });
    expect(login({ Email: 'ada@example' })).toEqual({ Email: '- Email is invalid' });
  });

  it('has the SPEC §5 login password messages, including the maximum one as written', () => {
    expect(login({ Password: '' })).toEqual({ Password: '- Password is required' });
    expect(login({ Password: undefined })).toEqual({ Password: '- Password is required' });
    expect(login({ Password: '1234567' })).toEqual({ Password: '- Password must be at least 8 characters' });
    expect(login({ Password: '12345678901234567' })).toEqual({ Password: '- Password must be at least 16 characters' });
    expect(login({ Password: '12345678' })).toEqual({});
    expect(login({ Password: '1234567890123456' })).toEqual({});
  });

  it('does not trim passwords', () => expect(login({ Password: ' 234567 ' })).toEqual({}));

  it('refuses a non-boolean RememberMe', () =>
    expect(loginRequestSchema.safeParse({ Email: EMAIL, Password: 'secret-pw', RememberMe: 'yes' }).success).toBe(false));

  it('reports a blank form with one message per rule for the API', () => {
    const result = loginRequestSchema.safeParse({});
    expect(formatIssues(result.error!)).toBe('- Email is required\n- Password is required');
  });
});

describe('signupRequestSchema', () => {
  const signup = (values: Record<string, unknown>) =>
    firstErrors(signupRequestSchema, { Name: 'Ada Lovelace', Email: EMAIL, Password: 'secret-pw', ...values });

  it('accepts a valid signup, trimming the name', () => {
    expect(signupRequestSchema.parse({ Name: ' Ada ', Email: EMAIL, Password: 'secret-pw' })).toEqual({
      Name: 'Ada',
      Email: EMAIL,
      Password: 'secret-pw',
    });
  });

  it('has the SPEC §5 name messages', () => {
    expect(signup({ Name: '' })).toEqual({ Name: '- Name is required' });
    expect(signup({ Name: '   ' })).toEqual({ Name: '- Name is required' });
    expect(signup({ Name: 'Al' })).toEqual({ Name: '- Name must be at least 3 characters' });
    expect(signup({ Name: 'A'.repeat(257) })).toEqual({ Name: '- Name must be max 256 characters' });
    expect(signup({ Name: 'A'.repeat(256) })).toEqual({});
  });

  it('has the SPEC §5 signup password messages', () => {
    expect(signup({ Password: '' })).toEqual({ Password: '- Password is required' });
    expect(signup({ Password: 'short' })).toEqual({ Password: '- Password must be at least 8 characters' });
    expect(signup({ Password: 'x'.repeat(17) })).toEqual({ Password: '- Password must be max 16 characters' });
  });

  it('has the e-mail messages', () => {
    expect(signup({ Email: '' })).toEqual({ Email: '- Email is required' });
    expect(signup({ Email: 'ada@@example.com' })).toEqual({ Email: '- Email is invalid' });
  });

  it('ignores a ConfirmPassword sent to the API', () => {
    expect(signupRequestSchema.parse({ Name: 'Ada', Email: EMAIL, Password: 'secret-pw', ConfirmPassword: 'other' })).not.toHaveProperty(
      'ConfirmPassword',
    );
  });
});

describe('signupFormSchema', () => {
  const form = { Name: 'Ada Lovelace', Email: EMAIL, Password: 'secret-pw', ConfirmPassword: 'secret-pw' };

  it('accepts matching passwords', () => expect(signupFormSchema.parse(form)).toEqual(form));

  it('requires the confirmation', () => {
    expect(firstErrors(signupFormSchema, { ...form, ConfirmPassword: '' })).toEqual({ ConfirmPassword: '- Confirm Password is required' });
    expect(firstErrors(signupFormSchema, { ...form, ConfirmPassword: undefined })).toEqual({
      ConfirmPassword: '- Confirm Password is required',
    });
  });

  it('flags a mismatch on ConfirmPassword with PasswordNoMatch', () => {
    const result = signupFormSchema.safeParse({ ...form, ConfirmPassword: 'secret-px' });
    expect(result.error?.issues).toHaveLength(1);
    const [issue] = result.error!.issues;
    expect(issue).toMatchObject({ path: ['ConfirmPassword'], message: '- Password does not match' });
    expect(isPasswordNoMatch(issue as { params?: Record<string, unknown> })).toBe(true);
  });

  it('reports the mismatch even while another field is invalid', () => {
    expect(firstErrors(signupFormSchema, { ...form, Name: '', Password: 'short', ConfirmPassword: 'other' })).toEqual({
      Name: '- Name is required',
      Password: '- Password must be at least 8 characters',
      ConfirmPassword: '- Password does not match',
    });
  });
});

describe('e-mail only requests', () => {
  it.each([
    ['ForgotPassword', forgotPasswordRequestSchema],
    ['SendConfirmEmailLink', sendConfirmEmailLinkRequestSchema],
  ])('%s needs a valid e-mail of at most 320 characters', (_name, schema) => {
    expect(schema.parse({ Email: EMAIL })).toEqual({ Email: EMAIL });
    expect(messages(schema.safeParse({ Email: '' }))).toEqual(['- Email is required']);
    expect(messages(schema.safeParse({ Email: 'nope' }))).toEqual(['- Email is invalid']);
    expect(messages(schema.safeParse({ Email: `${'a'.repeat(60)}@${'b'.repeat(260)}.com` }))).toEqual([
      '- Email must be max 320 characters',
    ]);
  });

  it('states the SPEC §9 link message', () => {
    expect(LINK_SENT_MESSAGE).toBe('If email is valid, you will receive an email. Link will expire after 15mins.');
  });
});

describe('credential link requests', () => {
  const link = { UName: 'ada-lovelace', Created: '1700000000000', Expire: '1700000900000', hash: 'abc_DEF-123' };

  it('ResetPassword takes the link and a new password with the signup rules', () => {
    expect(resetPasswordRequestSchema.parse({ ...link, NewPassword: 'secret-pw' })).toEqual({ ...link, NewPassword: 'secret-pw' });
    expect(firstErrors(resetPasswordRequestSchema, { ...link, NewPassword: '' })).toEqual({ NewPassword: '- Password is required' });
    expect(firstErrors(resetPasswordRequestSchema, { ...link, NewPassword: 'short' })).toEqual({
      NewPassword: '- Password must be at least 8 characters',
    });
    expect(firstErrors(resetPasswordRequestSchema, { ...link, NewPassword: 'x'.repeat(17) })).toEqual({
      NewPassword: '- Password must be max 16 characters',
    });
  });

  it('ConfirmEmail takes the link', () => expect(confirmEmailRequestSchema.parse(link)).toEqual(link));

  it.each(['UName', 'Created', 'Expire', 'hash'])('refuses a link without %s', (part) => {
    const incomplete = { ...link, [part]: '' };
    expect(messages(confirmEmailRequestSchema.safeParse(incomplete))).toEqual(['This link is invalid or has already been used.']);
    expect(messages(resetPasswordRequestSchema.safeParse({ ...incomplete, NewPassword: 'secret-pw' }))).toEqual([
      'This link is invalid or has already been used.',
    ]);
  });
});

describe('resetPasswordFormSchema', () => {
  it('accepts matching passwords', () => {
    expect(resetPasswordFormSchema.parse({ password: 'secret-pw', confirmPassword: 'secret-pw' })).toEqual({
      password: 'secret-pw',
      confirmPassword: 'secret-pw',
    });
  });

  it('requires both, 8-16', () => {
    expect(firstErrors(resetPasswordFormSchema, { password: '', confirmPassword: '' })).toEqual({
      password: '- Password is required',
      confirmPassword: '- Confirm Password is required',
    });
    expect(firstErrors(resetPasswordFormSchema, { password: 'short', confirmPassword: 'short' })).toEqual({
      password: '- Password must be at least 8 characters',
      confirmPassword: '- Password must be at least 8 characters',
    });
    expect(firstErrors(resetPasswordFormSchema, { password: 'x'.repeat(17), confirmPassword: 'x'.repeat(17) })).toEqual({
      password: '- Password must be max 16 characters',
      confirmPassword: '- Password must be max 16 characters',
    });
  });

  it('flags a mismatch on confirmPassword', () => {
    const result = resetPasswordFormSchema.safeParse({ password: 'secret-pw', confirmPassword: 'secret-px' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: '- Password does not match', params: { PasswordNoMatch: true } }),
    ]);
  });
});
