import { inlineFieldError } from '@/features/profile/lib/inline-field';

describe('inline editable field rules', () => {
  it("marks a missing required value with '*'", () => {
    expect(inlineFieldError('  ', { required: true })).toBe('*');
    expect(inlineFieldError('', {})).toBeNull();
  });

  it("reports 'Input Invalid' on a pattern failure or an over-long value", () => {
    expect(inlineFieldError('abc', { pattern: /^\d+$/ })).toBe('Input Invalid');
    expect(inlineFieldError('123', { pattern: /^\d+$/ })).toBeNull();
    expect(inlineFieldError('x'.repeat(1001), {})).toBe('Input Invalid');
    expect(inlineFieldError('x'.repeat(1000), {})).toBeNull();
    expect(inlineFieldError('x'.repeat(201), { maxLength: 200 })).toBe('Input Invalid');
  });
});
