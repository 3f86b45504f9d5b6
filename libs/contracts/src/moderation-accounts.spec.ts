import { suspendedMessage, suspendRequestSchema, suspensionDate } from './moderation-accounts';
import { countLinks } from './spam-defaults';

describe('suspension contracts (issue 27)', () => {
  it('names the end as a date at midnight UTC, else with the time', () => {
    expect(suspensionDate('2026-12-01T00:00:00.000Z')).toBe('2026-12-01');
    expect(suspensionDate('2026-12-01T14:30:00.000Z')).toBe('2026-12-01 14:30 UTC');
    expect(suspendedMessage({ until: null, reason: 'Spam' })).toBe('Your account is suspended indefinitely. Reason: Spam');
    expect(suspendedMessage({ until: '2026-12-01T00:00:00.000Z', reason: 'Spam' })).toBe(
      'Your account is suspended until 2026-12-01. Reason: Spam',
    );
  });

  it('takes an ISO date, a date-time or null as until, and nothing else', () => {
    const parse = (until: unknown) => suspendRequestSchema.safeParse({ userName: 'ada', until, reason: 'x' }).success;
    expect([parse('2026-12-01'), parse('2026-12-01T10:00:00Z'), parse('2026-12-01T10:00:00+02:00'), parse(null)]).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([parse(undefined), parse('tomorrow'), parse(12)]).toEqual([false, false, false]);
  });

  it('counts the links of an HTML content', () => {
    expect(countLinks('<p><a href="https://a">a</a> <a class="x" href="/b">b</a> <a name="c">c</a></p>')).toBe(2);
    expect(countLinks(null)).toBe(0);
  });
});
