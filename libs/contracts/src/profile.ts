import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './account';
import { isCalendarDate, isNotAfterToday } from './calendar-date';
import type { Article, Question, Tag } from './posts';
import { EMAIL_MESSAGES, EMAIL_PATTERN, ifPresent, MAX_LENGTHS, positiveId, requiredString, URL_PATTERN } from './rules';

/** SPEC §4 and §8: what the profile screen shows for a missing value and an open-ended history item. */
export const NOT_AVAILABLE = 'N/A';
export const PRESENT = 'Present';

const tooLong = (label: string, max: number) => `- ${label} must be max ${max} characters`;

/** SPEC §5 profile and history messages, in the words of the account and post forms. */
export const PROFILE_MESSAGES = {
  nameRequired: ACCOUNT_MESSAGES.nameRequired,
  nameTooLong: tooLong('Name', MAX_LENGTHS.profileName),
  titleTooLong: tooLong('Title', MAX_LENGTHS.profileTitle),
  contactEmailInvalid: EMAIL_MESSAGES.invalid,
  contactEmailTooLong: EMAIL_MESSAGES.tooLong,
  aboutTooLong: tooLong('About', MAX_LENGTHS.about),
  phoneTooLong: tooLong('Phone', MAX_LENGTHS.phone),
  websiteUrlInvalid: '- Website URL is invalid',
  websiteUrlTooLong: tooLong('Website URL', MAX_LENGTHS.url),
  linkedInUrlInvalid: '- LinkedIn URL is invalid',
  linkedInUrlTooLong: tooLong('LinkedIn URL', MAX_LENGTHS.url),
  gitHubUrlInvalid: '- GitHub URL is invalid',
  gitHubUrlTooLong: tooLong('GitHub URL', MAX_LENGTHS.url),
  resumeUrlInvalid: '- Resume URL is invalid',
  resumeUrlTooLong: tooLong('Resume URL', MAX_LENGTHS.url),
  dateOfBirthInvalid: '- Date of Birth is invalid',
  dateOfBirthAfterToday: '- Date of Birth cannot be after today',
  genderInvalid: '- Gender is invalid',
  countryRequired: '- Country is required',
  stateRequired: '- State is required',
  cityRequired: '- City is required',
  countryInvalid: '- Country is invalid',
  stateInvalid: '- State is invalid',
  cityInvalid: '- City is invalid',
  idInvalid: '- Id is invalid',
  companyNameRequired: '- Company Name is required',
  companyNameTooLong: tooLong('Company Name', MAX_LENGTHS.historyName),
  designationRequired: '- Designation is required',
  designationTooLong: tooLong('Designation', MAX_LENGTHS.historyName),
  universityNameRequired: '- University Name is required',
  universityNameTooLong: tooLong('University Name', MAX_LENGTHS.historyName),
  projectNameRequired: '- Project Name is required',
  projectNameTooLong: tooLong('Project Name', MAX_LENGTHS.historyName),
  projectDescriptionRequired: '- Project Description is required',
  projectDescriptionTooLong: tooLong('Project Description', MAX_LENGTHS.projectDescription),
  startDateRequired: '- Start Date is required',
  startDateInvalid: '- Start Date is invalid',
  startDateAfterToday: '- Start Date cannot be after today',
  endDateInvalid: '- End Date is invalid',
  endDateAfterToday: '- End Date cannot be after today',
  endDateBeforeStartDate: '- End Date cannot be before Start Date',
  tagInvalid: '- Tag is invalid',
  tagsInvalid: '- Tags are invalid',
} as const;

/** A blank optional text field means 'no value': '' and whitespace become null. */
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

const optionalText = (max: number, tooLongMessage: string) =>
  z.preprocess(blankToNull, z.string().trim().max(max, tooLongMessage).nullish()).transform((value) => value ?? null);

/** SPEC §5: an optional URL, the one URL pattern of the spec, at most 300 characters. */
const optionalUrl = (invalid: string, tooLongMessage: string) =>
  z
    .preprocess(
      blankToNull,
      z
        .string()
        .trim()
        .max(MAX_LENGTHS.url, tooLongMessage)
        .refine((value) => URL_PATTERN.test(value), {
          error: invalid,
          when: (payload) => typeof payload.value === 'string' && payload.value.length <= MAX_LENGTHS.url,
        })
        .nullish(),
    )
    .transform((value) => value ?? null);

/** Ids of master data the server resolves (gender, places); null when not chosen. */
const optionalId = (message: string) => z.preprocess((value) => (value === 0 ? null : value), positiveId(message).nullish());

interface DateMessages {
  invalid: string;
  afterToday: string;
}

const isValidDateText = (payload: z.core.ParsePayload) => typeof payload.value === 'string' && isCalendarDate(payload.value);

/**
 * The profile's request schemas, checking 'cannot exceed today' against `clock()` at parse time.
 * Tests pass a fixed clock; the API and the SPA use the exported instances below.
 */
export function createProfileRequestSchemas(clock: () => Date) {
  const dateRules = (base: z.ZodString, messages: DateMessages) =>
    base
      .refine(isCalendarDate, ifPresent(messages.invalid))
      .refine((value) => isNotAfterToday(value, clock()), { error: messages.afterToday, when: isValidDateText });

  const requiredDate = (required: string, messages: DateMessages) => dateRules(requiredString(required), messages);

  const optionalDate = (messages: DateMessages) =>
    z.preprocess(blankToNull, dateRules(z.string().trim(), messages).nullish()).transform((value) => value ?? null);

  const startDate = { invalid: PROFILE_MESSAGES.startDateInvalid, afterToday: PROFILE_MESSAGES.startDateAfterToday };
  const endDate = { invalid: PROFILE_MESSAGES.endDateInvalid, afterToday: PROFILE_MESSAGES.endDateAfterToday };

  /** SPEC §5: an end date is not before the start date (checked once both are valid dates). */
  const endNotBeforeStart = <T extends { startDate?: string | null; endDate?: string | null }>(schema: z.ZodType<T>) =>
    schema.refine((item) => !item.startDate || !item.endDate || item.endDate >= item.startDate, {
      error: PROFILE_MESSAGES.endDateBeforeStartDate,
      path: ['endDate'],
      when: ({ value }) => {
        const item = (value ?? {}) as Record<string, unknown>;
        return [item.startDate, item.endDate].every((date) => typeof date === 'string' && isCalendarDate(date));
      },
    });

  const historyName = (required: string, tooLongMessage: string) => requiredString(required).max(MAX_LENGTHS.historyName, tooLongMessage);
  const historyId = positiveId(PROFILE_MESSAGES.idInvalid);

  const location = {
    countryId: positiveId(PROFILE_MESSAGES.countryRequired),
    stateId: positiveId(PROFILE_MESSAGES.stateRequired),
    cityId: positiveId(PROFILE_MESSAGES.cityRequired),
  };

  const companyShape = {
    companyName: historyName(PROFILE_MESSAGES.companyNameRequired, PROFILE_MESSAGES.companyNameTooLong),
    designation: historyName(PROFILE_MESSAGES.designationRequired, PROFILE_MESSAGES.designationTooLong),
    ...location,
    startDate: requiredDate(PROFILE_MESSAGES.startDateRequired, startDate),
    endDate: optionalDate(endDate),
    isCurrentCompany: z.boolean().default(false),
  };
  /** 'Currently Working Here' clears the end date (SPEC §4), so a stale one is not judged. */
  const company = <Shape extends z.ZodRawShape>(shape: Shape) =>
    z.preprocess(
      (value) => {
        const item = value as Record<string, unknown> | null;
        return item && typeof item === 'object' && item.isCurrentCompany === true ? { ...item, endDate: null } : value;
      },
      endNotBeforeStart(z.object(shape)),
    );

  const educationShape = {
    universityName: historyName(PROFILE_MESSAGES.universityNameRequired, PROFILE_MESSAGES.universityNameTooLong),
    ...location,
    startDate: requiredDate(PROFILE_MESSAGES.startDateRequired, startDate),
    endDate: optionalDate(endDate),
  };

  const projectShape = {
    projectName: historyName(PROFILE_MESSAGES.projectNameRequired, PROFILE_MESSAGES.projectNameTooLong),
    projectDescription: requiredString(PROFILE_MESSAGES.projectDescriptionRequired).max(
      MAX_LENGTHS.projectDescription,
      PROFILE_MESSAGES.projectDescriptionTooLong,
    ),
    companyName: optionalText(MAX_LENGTHS.historyName, PROFILE_MESSAGES.companyNameTooLong),
    startDate: optionalDate(startDate),
    endDate: optionalDate(endDate),
  };

  return {
    /** PUT /api/User/: SPEC §3 basic information without the (read-only) e-mail; unknown keys, e-mail included, are dropped. */
    basicInfoUpdate: z.object({
      name: requiredString(PROFILE_MESSAGES.nameRequired).max(MAX_LENGTHS.profileName, PROFILE_MESSAGES.nameTooLong),
      title: optionalText(MAX_LENGTHS.profileTitle, PROFILE_MESSAGES.titleTooLong),
      contactEmail: z
        .preprocess(
          blankToNull,
          z
            .string()
            .trim()
            .max(MAX_LENGTHS.email, PROFILE_MESSAGES.contactEmailTooLong)
            .refine((value) => EMAIL_PATTERN.test(value), {
              error: PROFILE_MESSAGES.contactEmailInvalid,
              when: (payload) => typeof payload.value === 'string' && payload.value.length <= MAX_LENGTHS.email,
            })
            .nullish(),
        )
        .transform((value) => value ?? null),
      about: optionalText(MAX_LENGTHS.about, PROFILE_MESSAGES.aboutTooLong),
      phone: optionalText(MAX_LENGTHS.phone, PROFILE_MESSAGES.phoneTooLong),
      dateOfBirth: optionalDate({ invalid: PROFILE_MESSAGES.dateOfBirthInvalid, afterToday: PROFILE_MESSAGES.dateOfBirthAfterToday }),
      genderId: optionalId(PROFILE_MESSAGES.genderInvalid).transform((value) => value ?? null),
      countryId: optionalId(PROFILE_MESSAGES.countryInvalid).transform((value) => value ?? null),
      stateId: optionalId(PROFILE_MESSAGES.stateInvalid).transform((value) => value ?? null),
      cityId: optionalId(PROFILE_MESSAGES.cityInvalid).transform((value) => value ?? null),
      websiteUrl: optionalUrl(PROFILE_MESSAGES.websiteUrlInvalid, PROFILE_MESSAGES.websiteUrlTooLong),
      linkedInUrl: optionalUrl(PROFILE_MESSAGES.linkedInUrlInvalid, PROFILE_MESSAGES.linkedInUrlTooLong),
      gitHubUrl: optionalUrl(PROFILE_MESSAGES.gitHubUrlInvalid, PROFILE_MESSAGES.gitHubUrlTooLong),
      resumeUrl: optionalUrl(PROFILE_MESSAGES.resumeUrlInvalid, PROFILE_MESSAGES.resumeUrlTooLong),
      showDOB: z.boolean().default(false),
      showEmail: z.boolean().default(false),
      showPhone: z.boolean().default(false),
    }),
    /** POST /api/User/Companies (the server mints the id). */
    addCompany: company(companyShape),
    /** PUT /api/User/Companies. */
    editCompany: company({ id: historyId, ...companyShape }),
    addEducation: endNotBeforeStart(z.object(educationShape)),
    editEducation: endNotBeforeStart(z.object({ id: historyId, ...educationShape })),
    addProject: endNotBeforeStart(z.object(projectShape)),
    editProject: endNotBeforeStart(z.object({ id: historyId, ...projectShape })),
  };
}

const schemas = createProfileRequestSchemas(() => new Date());

export const basicInfoUpdateRequestSchema = schemas.basicInfoUpdate;
export type BasicInfoUpdateRequest = z.infer<typeof basicInfoUpdateRequestSchema>;
export const addCompanyRequestSchema = schemas.addCompany;
export type AddCompanyRequest = z.infer<typeof addCompanyRequestSchema>;
export const editCompanyRequestSchema = schemas.editCompany;
export type EditCompanyRequest = z.infer<typeof editCompanyRequestSchema>;
export const addEducationRequestSchema = schemas.addEducation;
export type AddEducationRequest = z.infer<typeof addEducationRequestSchema>;
export const editEducationRequestSchema = schemas.editEducation;
export type EditEducationRequest = z.infer<typeof editEducationRequestSchema>;
export const addProjectRequestSchema = schemas.addProject;
export type AddProjectRequest = z.infer<typeof addProjectRequestSchema>;
export const editProjectRequestSchema = schemas.editProject;
export type EditProjectRequest = z.infer<typeof editProjectRequestSchema>;

/**
 * PUT /api/Tag/UpdateUserTags: the user's skills, a list of master-data tags (possibly empty).
 * The server keeps only the ids and takes the names from the master data.
 */
export const updateUserTagsRequestSchema = z.array(
  z.object({ id: positiveId(PROFILE_MESSAGES.tagInvalid), name: z.string().nullish(), subTag: z.string().nullish() }),
  { error: PROFILE_MESSAGES.tagsInvalid },
);
export type UpdateUserTagsRequest = z.infer<typeof updateUserTagsRequestSchema>;

/** DELETE /api/User/ (auth): erasing one's account asks for the password again. Never trimmed. */
export const eraseAccountRequestSchema = z.object({
  Password: requiredString(ACCOUNT_MESSAGES.passwordRequired, { trim: false }),
});
export type EraseAccountRequest = z.infer<typeof eraseAccountRequestSchema>;

// Responses. Nullable where the user left a value empty (the SPA shows 'N/A') or privacy hides it.

const text = z.string().nullable();
const id = z.number().int();

/**
 * GET /api/User/{userName}: SPEC §3 user basic information plus the summary. `email`,
 * `contactEmail`, `phone`, `dateOfBirth` and `age` ('N Years') are null unless the reader is the
 * owner or the matching show flag is set (showEmail covers both e-mails).
 */
export const userProfileSchema = z.object({
  uName: z.string(),
  name: z.string(),
  title: text,
  totalArticles: z.number().int(),
  totalQuestions: z.number().int(),
  genderId: id.nullable(),
  genderName: text,
  contactEmail: text,
  about: text,
  email: text,
  phone: text,
  dateOfBirth: text,
  age: text,
  countryId: id.nullable(),
  stateId: id.nullable(),
  cityId: id.nullable(),
  countryName: text,
  stateName: text,
  cityName: text,
  websiteUrl: text,
  linkedInUrl: text,
  gitHubUrl: text,
  resumeUrl: text,
  showDOB: z.boolean(),
  showEmail: z.boolean(),
  showPhone: z.boolean(),
  /** Additive (issue 26): how many follow this person, how many people they follow, and whether the reader does. */
  followers: z.number().int().optional(),
  following: z.number().int().optional(),
  isFollowedByMe: z.boolean().optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

const placeNames = { countryId: id, stateId: id, cityId: id, countryName: z.string(), stateName: z.string(), cityName: z.string() };

/** GET /api/User/{userName}/Companies, newest first. */
export const companySchema = z.object({
  id,
  companyName: z.string(),
  designation: z.string(),
  ...placeNames,
  startDate: z.string(),
  endDate: text,
  isCurrentCompany: z.boolean(),
});
export type Company = z.infer<typeof companySchema>;

/** GET /api/User/{userName}/Educations, newest first. */
export const educationSchema = z.object({ id, universityName: z.string(), ...placeNames, startDate: z.string(), endDate: text });
export type Education = z.infer<typeof educationSchema>;

/** GET /api/User/{userName}/Projects, newest first. */
export const projectSchema = z.object({
  id,
  uName: z.string(),
  projectName: z.string(),
  projectDescription: z.string(),
  companyName: text,
  startDate: text,
  endDate: text,
});
export type Project = z.infer<typeof projectSchema>;

/**
 * GET /api/User/Export (auth): everything the site holds about the caller, decrypted. The account
 * part is what signup and login keep; posts and comments are the caller's own.
 */
export interface UserDataExport {
  exportedAt: string;
  account: { userName: string; name: string; email: string; roleId: number; emailConfirmed: boolean; registeredAt: string };
  profile: UserProfile;
  skills: Tag[];
  companies: Company[];
  projects: Project[];
  educations: Education[];
  articles: Article[];
  questions: Question[];
  comments: Array<{ id: number; entityType: number; postId: number; parentId: number; content: string; createdOn: string }>;
}
