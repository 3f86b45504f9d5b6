import { isCalendarDate, isNotAfterToday, latestToday } from './calendar-date';

describe('calendar dates', () => {
  it.each(['2025-03-02', '2024-02-29', '0001-01-01', '1999-12-31'])('accepts %s', (date) => expect(isCalendarDate(date)).toBe(true));

  it.each(['2025-02-29', '2025-13-01', '2025-04-31', '2025-3-2', '02/03/2025', '2025-03-02T00:00:00Z', '', '0000-01-01'])(
    'refuses %j',
    (date) => expect(isCalendarDate(date)).toBe(false),
  );

  it('takes today as the latest date anywhere on Earth (UTC+14)', () => {
    expect(latestToday(new Date('2025-03-02T09:59:59.999Z'))).toBe('2025-03-02');
    expect(latestToday(new Date('2025-03-02T10:00:00.000Z'))).toBe('2025-03-03');
  });

  it('allows today and earlier, never a later day', () => {
    const now = new Date('2025-03-02T12:30:00.000Z');
    expect(isNotAfterToday('2025-03-01', now)).toBe(true);
    expect(isNotAfterToday('2025-03-03', now)).toBe(true);
    expect(isNotAfterToday('2025-03-04', now)).toBe(false);
  });
});
