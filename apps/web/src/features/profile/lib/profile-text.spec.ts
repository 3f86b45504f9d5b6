import { monthYear, orNotAvailable, period, placeText } from '@/features/profile/lib/profile-text';

describe('profile text', () => {
  it("shows an empty value as 'N/A'", () => {
    expect(orNotAvailable(null)).toBe('N/A');
    expect(orNotAvailable('  ')).toBe('N/A');
    expect(orNotAvailable('Analyst')).toBe('Analyst');
    expect(orNotAvailable(0)).toBe('0');
  });

  it("formats calendar dates as 'MMM yyyy' whatever the time zone", () => {
    expect(monthYear('2020-01-01')).toBe('Jan 2020');
    expect(monthYear('2021-06-30')).toBe('Jun 2021');
    expect(monthYear(null)).toBe('N/A');
    expect(monthYear('not a date')).toBe('N/A');
  });

  it("ends an open period with 'Present'", () => {
    expect(period('2020-01-01', '2021-06-30')).toBe('Jan 2020 - Jun 2021');
    expect(period('2020-01-01', null)).toBe('Jan 2020 - Present');
  });

  it('joins the place names that are known', () => {
    expect(placeText({ cityName: 'Pune', stateName: 'Maharashtra', countryName: 'India' })).toBe('Pune, Maharashtra, India');
    expect(placeText({ cityName: null, stateName: null, countryName: 'India' })).toBe('India');
    expect(placeText({})).toBe('N/A');
  });
});
