import { userProfileSchema, type UserProfile } from '@app/contracts';
import { basicInfoFormOf } from '@/features/profile/lib/basic-info-form';

/** A profile that left every optional field empty: each is null, as the API sends it. */
const emptyProfile = {
  ...Object.fromEntries(Object.keys(userProfileSchema.shape).map((field) => [field, null])),
  uName: 'ada',
  name: 'Ada',
  totalArticles: 0,
  totalQuestions: 0,
  showDOB: false,
  showEmail: true,
  showPhone: false,
} as UserProfile;

describe('basicInfoFormOf', () => {
  it('fills every field of the form, an empty text blank and an unchosen id 0', () => {
    expect(basicInfoFormOf(emptyProfile)).toEqual({
      name: 'Ada',
      title: '',
      contactEmail: '',
      about: '',
      phone: '',
      dateOfBirth: '',
      genderId: 0,
      countryId: 0,
      stateId: 0,
      cityId: 0,
      websiteUrl: '',
      linkedInUrl: '',
      gitHubUrl: '',
      resumeUrl: '',
      showDOB: false,
      showEmail: true,
      showPhone: false,
    });
  });

  it('keeps what the owner filled in', () => {
    const form = basicInfoFormOf({ ...emptyProfile, title: 'Engineer', countryId: 101, resumeUrl: 'https://example.com/cv' });
    expect(form).toMatchObject({ title: 'Engineer', countryId: 101, resumeUrl: 'https://example.com/cv' });
  });
});
