import { z } from 'zod';
import {
  createProfileRequestSchemas,
  eraseAccountRequestSchema,
  PROFILE_MESSAGES,
  updateUserTagsRequestSchema,
  userProfileSchema,
} from './profile';
import { firstErrors, formatIssues } from './validation';

const now = new Date('2025-03-02T12:30:00.000Z');
const schemas = createProfileRequestSchemas(() => now);

const basicInfo = {
  name: 'Ada Lovelace',
  title: 'Analyst',
  contactEmail: 'hello@ada.dev',
  about: 'Notes on the engine',
  phone: '+44 20 7946 000',
  dateOfBirth: '1990-05-17',
  genderId: 2,
  countryId: 11,
  stateId: 12,
  cityId: 13,
  websiteUrl: 'https://ada.dev',
  linkedInUrl: 'https://www.linkedin.com/in/ada',
  gitHubUrl: 'https://github.com/ada',
  resumeUrl: 'http://192.168.1.20:8080/cv.pdf?v=2',
  showDOB: true,
  showEmail: false,
  showPhone: true,
};

const company = {
  companyName: 'Analytical Engines Ltd',
  designation: 'Engineer',
  countryId: 1,
  stateId: 2,
  cityId: 3,
  startDate: '2019-06-01',
  endDate: '2023-01-31',
  isCurrentCompany: false,
};
const education = { universityName: 'University of London', countryId: 1, stateId: 2, cityId: 3, startDate: '2014-09-01', endDate: null };
const project = {
  projectName: 'Difference engine',
  projectDescription: 'Tables of polynomials',
  companyName: null,
  startDate: null,
  endDate: null,
};

/** The basic information of a profile whose owner entered nothing but a name. */
const nothingEntered = {
  title: null,
  contactEmail: null,
  about: null,
  phone: null,
  dateOfBirth: null,
  genderId: null,
  countryId: null,
  stateId: null,
  cityId: null,
  websiteUrl: null,
  linkedInUrl: null,
  gitHubUrl: null,
  resumeUrl: null,
  showDOB: false,
  showEmail: false,
  showPhone: false,
};

const errorsOf = (schema: z.ZodType, value: unknown) => firstErrors(schema, value);

describe('PUT /api/User/ basic information', () => {
  const errors = (values: Record<string, unknown>) => errorsOf(schemas.basicInfoUpdate, { ...basicInfo, ...values });

  it('accepts the SPEC §3 basic information and drops the read-only e-mail', () => {
    expect(schemas.basicInfoUpdate.parse({ ...basicInfo, email: 'other@example.com', genderName: 'Female' })).toEqual(basicInfo);
  });

  it('takes blanks and missing values as null, and the flags as false', () => {
    expect(
      schemas.basicInfoUpdate.parse({ name: ' Ada ', title: '', contactEmail: '  ', websiteUrl: '', dateOfBirth: '', cityId: 0 }),
    ).toEqual({ name: 'Ada', ...nothingEntered });
  });

  it.each([
    ['name', { name: '' }, '- Name is required'],
    ['name', { name: undefined }, '- Name is required'],
    ['name', { name: 'x'.repeat(257) }, '- Name must be max 256 characters'],
    ['title', { title: 'x'.repeat(201) }, '- Title must be max 200 characters'],
    ['contactEmail', { contactEmail: 'ada@example' }, '- Email is invalid'],
    ['contactEmail', { contactEmail: `${'a'.repeat(60)}@${'b'.repeat(260)}.com` }, '- Email must be max 320 characters'],
    ['about', { about: 'x'.repeat(501) }, '- About must be max 500 characters'],
    ['phone', { phone: '1'.repeat(16) }, '- Phone must be max 15 characters'],
    ['websiteUrl', { websiteUrl: 'ada.dev' }, '- Website URL is invalid'],
    ['websiteUrl', { websiteUrl: `https://ada.dev/${'x'.repeat(285)}` }, '- Website URL must be max 300 characters'],
    ['linkedInUrl', { linkedInUrl: 'ftp://linkedin.com/in/ada' }, '- LinkedIn URL is invalid'],
    ['gitHubUrl', { gitHubUrl: 'https://github.com:123456/ada' }, '- GitHub URL is invalid'],
    ['resumeUrl', { resumeUrl: 'javascript:alert(1)' }, '- Resume URL is invalid'],
    ['dateOfBirth', { dateOfBirth: '1990-02-30' }, '- Date of Birth is invalid'],
    ['dateOfBirth', { dateOfBirth: '2025-03-04' }, '- Date of Birth cannot be after today'],
    ['genderId', { genderId: -1 }, '- Gender is invalid'],
    ['cityId', { cityId: 1.5 }, '- City is invalid'],
  ])('reports %s for %j', (field, values, message) => expect(errors(values)).toEqual({ [field]: message }));

  it('accepts every limit exactly and a date of birth of today', () => {
    expect(
      errors({
        name: 'x'.repeat(256),
        title: 'x'.repeat(200),
        about: 'x'.repeat(500),
        phone: '1'.repeat(15),
        websiteUrl: `https://ada.dev/${'x'.repeat(284)}`,
        dateOfBirth: '2025-03-02',
      }),
    ).toEqual({});
  });

  it('reads the clock at parse time, not when the schema is made', () => {
    let clock = new Date('2025-03-02T12:00:00.000Z');
    const later = createProfileRequestSchemas(() => clock);
    expect(later.basicInfoUpdate.safeParse({ ...basicInfo, dateOfBirth: '2025-03-10' }).success).toBe(false);
    clock = new Date('2025-03-10T00:00:00.000Z');
    expect(later.basicInfoUpdate.safeParse({ ...basicInfo, dateOfBirth: '2025-03-10' }).success).toBe(true);
  });
});

describe('work history', () => {
  it('accepts a company to add, and one to edit with its id', () => {
    expect(schemas.addCompany.parse(company)).toEqual(company);
    expect(schemas.editCompany.parse({ ...company, id: 42 })).toEqual({ ...company, id: 42 });
  });

  it('clears the end date of the current company before judging it', () => {
    expect(schemas.addCompany.parse({ ...company, isCurrentCompany: true, endDate: '2000-01-01' })).toEqual({
      ...company,
      isCurrentCompany: true,
      endDate: null,
    });
  });

  it.each([
    ['companyName', { companyName: ' ' }, '- Company Name is required'],
    ['companyName', { companyName: 'x'.repeat(129) }, '- Company Name must be max 128 characters'],
    ['designation', { designation: undefined }, '- Designation is required'],
    ['designation', { designation: 'x'.repeat(129) }, '- Designation must be max 128 characters'],
    ['countryId', { countryId: undefined }, '- Country is required'],
    ['stateId', { stateId: 0 }, '- State is required'],
    ['cityId', { cityId: null }, '- City is required'],
    ['startDate', { startDate: '' }, '- Start Date is required'],
    ['startDate', { startDate: '2019-6-1' }, '- Start Date is invalid'],
    ['startDate', { startDate: '2025-03-04', endDate: null }, '- Start Date cannot be after today'],
    ['endDate', { endDate: '2025-03-04' }, '- End Date cannot be after today'],
    ['endDate', { endDate: 'soon' }, '- End Date is invalid'],
    ['endDate', { endDate: '2019-05-31' }, '- End Date cannot be before Start Date'],
  ])('reports %s for %j', (field, values, message) =>
    expect(errorsOf(schemas.addCompany, { ...company, ...values })).toEqual({ [field]: message }),
  );

  it('needs the id to edit', () => {
    expect(errorsOf(schemas.editCompany, company)).toEqual({ id: PROFILE_MESSAGES.idInvalid });
  });

  it('lists every problem, once each, for the API', () => {
    const result = schemas.addCompany.safeParse({});
    expect(formatIssues(result.error!).split('\n')).toEqual([
      '- Company Name is required',
      '- Designation is required',
      '- Country is required',
      '- State is required',
      '- City is required',
      '- Start Date is required',
    ]);
  });
});

describe('education history', () => {
  it('accepts an education to add and to edit', () => {
    expect(schemas.addEducation.parse(education)).toEqual(education);
    expect(schemas.editEducation.parse({ ...education, id: 7 })).toEqual({ ...education, id: 7 });
  });

  it.each([
    ['universityName', { universityName: '' }, '- University Name is required'],
    ['universityName', { universityName: 'x'.repeat(129) }, '- University Name must be max 128 characters'],
    ['countryId', { countryId: 'x' }, '- Country is required'],
    ['startDate', { startDate: undefined }, '- Start Date is required'],
    ['endDate', { endDate: '2014-08-31' }, '- End Date cannot be before Start Date'],
    ['endDate', { endDate: '2030-01-01' }, '- End Date cannot be after today'],
  ])('reports %s for %j', (field, values, message) =>
    expect(errorsOf(schemas.addEducation, { ...education, ...values })).toEqual({ [field]: message }),
  );
});

describe('project history', () => {
  it('accepts a project without dates or company, to add and to edit', () => {
    expect(schemas.addProject.parse(project)).toEqual(project);
    expect(schemas.editProject.parse({ ...project, id: 9, companyName: 'Engines', startDate: '2020-01-01' })).toEqual({
      ...project,
      id: 9,
      companyName: 'Engines',
      startDate: '2020-01-01',
    });
  });

  it.each([
    ['projectName', { projectName: '' }, '- Project Name is required'],
    ['projectName', { projectName: 'x'.repeat(129) }, '- Project Name must be max 128 characters'],
    ['projectDescription', { projectDescription: ' ' }, '- Project Description is required'],
    ['projectDescription', { projectDescription: 'x'.repeat(1001) }, '- Project Description must be max 1000 characters'],
    ['companyName', { companyName: 'x'.repeat(129) }, '- Company Name must be max 128 characters'],
    ['startDate', { startDate: '2025-03-04' }, '- Start Date cannot be after today'],
    ['endDate', { startDate: '2020-01-02', endDate: '2020-01-01' }, '- End Date cannot be before Start Date'],
  ])('reports %s for %j', (field, values, message) =>
    expect(errorsOf(schemas.addProject, { ...project, ...values })).toEqual({ [field]: message }),
  );

  it('accepts the description limit exactly', () => {
    expect(errorsOf(schemas.addProject, { ...project, projectDescription: 'x'.repeat(1000), projectName: 'x'.repeat(128) })).toEqual({});
  });
});

describe('PUT /api/Tag/UpdateUserTags', () => {
  it('takes a list of tags, possibly empty', () => {
    expect(updateUserTagsRequestSchema.parse([{ id: 8, name: 'typescript', subTag: 'typescript' }, { id: 9 }])).toEqual([
      { id: 8, name: 'typescript', subTag: 'typescript' },
      { id: 9 },
    ]);
    expect(updateUserTagsRequestSchema.parse([])).toEqual([]);
  });

  it('refuses a tag without a valid id and a body that is not a list', () => {
    expect(formatIssues(updateUserTagsRequestSchema.safeParse([{ id: 0 }]).error!)).toBe('- Tag is invalid');
    expect(formatIssues(updateUserTagsRequestSchema.safeParse({ id: 8 }).error!)).toBe('- Tags are invalid');
  });
});

describe('DELETE /api/User/', () => {
  it('asks for the password, untrimmed', () => {
    expect(eraseAccountRequestSchema.parse({ Password: ' secret pass ' })).toEqual({ Password: ' secret pass ' });
    expect(firstErrors(eraseAccountRequestSchema, {})).toEqual({ Password: '- Password is required' });
  });
});

describe('GET /api/User/{userName}', () => {
  it('describes a profile with privacy-hidden fields as null', () => {
    const profile = {
      uName: 'ada-lovelace',
      name: 'Ada Lovelace',
      totalArticles: 3,
      totalQuestions: 0,
      genderName: null,
      email: null,
      age: null,
      countryName: null,
      stateName: null,
      cityName: null,
      ...nothingEntered,
    };
    expect(userProfileSchema.parse(profile)).toEqual(profile);
    expect(userProfileSchema.safeParse({ ...profile, age: 34 }).success).toBe(false);
  });
});
