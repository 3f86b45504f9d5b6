import { ageInYears, formatAge } from './age';
import { profileViewer, visiblePersonalFields, type PrivacyFlags, type PrivateProfileFields } from './privacy';

const now = new Date('2025-03-02T12:30:00.000Z');

describe('age', () => {
  it.each([
    ['1990-03-02', 35, 'birthday today'],
    ['1990-03-03', 34, 'birthday tomorrow'],
    ['1990-03-01', 35, 'birthday yesterday'],
    ['1990-12-31', 34, 'later in the year'],
    ['2025-03-02', 0, 'born today'],
    ['2025-03-03', 0, 'born on a date already today east of UTC'],
  ])('%s is %i (%s)', (dateOfBirth, years) => {
    expect(ageInYears(dateOfBirth, now)).toBe(years);
  });

  it('counts a 29 February birthday from 1 March in other years', () => {
    expect(ageInYears('2000-02-29', new Date('2025-02-28T23:59:59.000Z'))).toBe(24);
    expect(ageInYears('2000-02-29', new Date('2025-03-01T00:00:00.000Z'))).toBe(25);
    expect(ageInYears('2000-02-29', new Date('2024-02-29T00:00:00.000Z'))).toBe(24);
  });

  it('reads as N Years, and nothing without a valid date of birth', () => {
    expect(formatAge('1990-05-17', now)).toBe('34 Years');
    expect(formatAge('2024-03-02', now)).toBe('1 Years');
    expect(formatAge(null, now)).toBeNull();
    expect(formatAge('17/05/1990', now)).toBeNull();
  });
});

describe('privacy', () => {
  const fields: PrivateProfileFields = {
    email: 'ada@example.com',
    contactEmail: 'hello@ada.dev',
    phone: '+44 20 7946 0000',
    dateOfBirth: '1990-05-17',
  };
  const nothingShown: PrivacyFlags = { showEmail: false, showPhone: false, showDOB: false };
  const hidden = { email: null, contactEmail: null, phone: null, dateOfBirth: null, age: null };
  const everything = { ...fields, age: '34 Years' };

  it('tells the owner, another user and an anonymous reader apart', () => {
    expect(profileViewer('acc-1', 'acc-1')).toBe('owner');
    expect(profileViewer('acc-2', 'acc-1')).toBe('another-user');
    expect(profileViewer(null, 'acc-1')).toBe('anonymous');
  });

  it('shows the owner everything whatever the flags', () => {
    expect(visiblePersonalFields(fields, nothingShown, 'owner', now)).toEqual(everything);
  });

  it.each(['anonymous', 'another-user'] as const)('hides everything from %s when no flag is set', (viewer) => {
    expect(visiblePersonalFields(fields, nothingShown, viewer, now)).toEqual(hidden);
  });

  it.each(['anonymous', 'another-user'] as const)('shows %s each field only under its own flag', (viewer) => {
    expect(visiblePersonalFields(fields, { ...nothingShown, showEmail: true }, viewer, now)).toEqual({
      ...hidden,
      email: fields.email,
      contactEmail: fields.contactEmail,
    });
    expect(visiblePersonalFields(fields, { ...nothingShown, showPhone: true }, viewer, now)).toEqual({ ...hidden, phone: fields.phone });
    expect(visiblePersonalFields(fields, { ...nothingShown, showDOB: true }, viewer, now)).toEqual({
      ...hidden,
      dateOfBirth: fields.dateOfBirth,
      age: '34 Years',
    });
    expect(visiblePersonalFields(fields, { showEmail: true, showPhone: true, showDOB: true }, viewer, now)).toEqual(everything);
  });

  it('gives no age without a date of birth, even when shown', () => {
    expect(visiblePersonalFields({ ...fields, dateOfBirth: null }, { ...nothingShown, showDOB: true }, 'anonymous', now)).toEqual(hidden);
  });
});
