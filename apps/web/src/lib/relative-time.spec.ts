import { exactTime, parseServerTime, relativeTime } from '@/lib/relative-time';

const now = new Date('2024-06-15T12:00:00Z');
const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('relativeTime (SPEC §9)', () => {
  it('counts seconds under a minute', () => {
    expect(relativeTime(ago(1 * SECOND), now)).toBe('about 1 second ago');
    expect(relativeTime(ago(59 * SECOND), now)).toBe('about 59 seconds ago');
  });

  it('then minutes, hours and days', () => {
    expect(relativeTime(ago(60 * SECOND), now)).toBe('about 1 minute ago');
    expect(relativeTime(ago(59 * MINUTE + 59 * SECOND), now)).toBe('about 59 minutes ago');
    expect(relativeTime(ago(2 * HOUR), now)).toBe('about 2 hours ago');
    expect(relativeTime(ago(23 * HOUR + 59 * MINUTE), now)).toBe('about 23 hours ago');
    expect(relativeTime(ago(1 * DAY), now)).toBe('about 1 day ago');
    expect(relativeTime(ago(29 * DAY + 23 * HOUR), now)).toBe('about 29 days ago');
  });

  it('shows the local date as dd/mm/yyyy from 30 days on', () => {
    expect(relativeTime(new Date(2024, 4, 10, 12), now)).toBe('on 10/05/2024');
    expect(relativeTime(new Date(2012, 2, 4, 12), now)).toBe('on 04/03/2012');
    expect(relativeTime(ago(30 * DAY), now)).toMatch(/^on \d{2}\/\d{2}\/2024$/);
  });

  it('treats times without a zone as UTC', () => {
    expect(parseServerTime('2024-06-15T11:00:00').toISOString()).toBe('2024-06-15T11:00:00.000Z');
    expect(relativeTime('2024-06-15T11:00:00', now)).toBe('about 1 hour ago');
    expect(relativeTime('2024-06-15T13:00:00+02:00', now)).toBe('about 1 hour ago');
  });

  it('reads a moment ago for now or a slightly future time, and nothing for bad input', () => {
    expect(relativeTime(now, now)).toBe('about a moment ago');
    expect(relativeTime(new Date(now.getTime() + 5 * SECOND), now)).toBe('about a moment ago');
    expect(relativeTime('not a date', now)).toBe('');
    expect(relativeTime(null, now)).toBe('');
  });
});

describe('exactTime', () => {
  it("writes the time in full in the reader's zone as dd/mm/yyyy, hh:mm", () => {
    const time = new Date(2024, 5, 3, 9, 7, 30);
    expect(exactTime(time)).toBe('03/06/2024, 09:07');
    expect(exactTime(time.toISOString())).toBe('03/06/2024, 09:07');
    expect(exactTime('not a time')).toBe('');
  });
});
