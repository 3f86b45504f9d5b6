import { AttachmentType } from '@app/contracts';
import {
  accountIdOfProfileStream,
  type AccountPersonalData,
  type AccountRegistered,
  fileIdOfStream,
  type CompanyPersonalData,
  type EducationPersonalData,
  type FileEvent,
  type ProfileEvent,
  type ProfilePersonalData,
  type ProjectPersonalData,
  type SealedPersonalData,
} from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { PersonalDataVault } from '@app/personal-data';
import type { ReadStoreTransaction } from '@app/read-store';
import { OpenedPersonalData } from '../opened-personal-data';
import type { Projection } from '../projection';

export const PROFILES_COLLECTION = 'profiles';
export const PROFILE_HISTORY_COLLECTION = 'profile-history';
export const PROFILE_PICTURES_COLLECTION = 'profile-pictures';

/**
 * A user's profile as the owner entered it, keyed by account id, opened from the sealed events
 * while projecting. It holds private fields too (phone, date of birth): the API shows them only
 * as the privacy flags allow. An erased profile has no document at all.
 */
export interface ProfileDocument extends Partial<ProfilePersonalData> {
  id: string;
  genderId: number | null;
  countryId: number | null;
  stateId: number | null;
  cityId: number | null;
  showDOB: boolean;
  showEmail: boolean;
  showPhone: boolean;
  tagIds: number[];
  /** The login e-mail (read-only on the profile; shown as the privacy flags allow). */
  email?: string;
  /** The stored name of the current profile picture, or null. */
  profilePic: string | null;
  /** When the profile last changed (signup, an edit, a picture): the sitemap's lastmod. */
  updatedOn?: string;
  [field: string]: unknown;
}

export type ProfileHistoryKind = 'company' | 'education' | 'project';

/** One item of a work, education or project history; `id` is `<kind>-<itemId>`. */
export interface ProfileHistoryDocument {
  id: string;
  accountId: string;
  kind: ProfileHistoryKind;
  itemId: number;
  countryId: number | null;
  stateId: number | null;
  cityId: number | null;
  startDate: string | null;
  endDate: string | null;
  isCurrentCompany: boolean;
  companyName: string | null;
  designation: string | null;
  universityName: string | null;
  projectName: string | null;
  projectDescription: string | null;
  [field: string]: unknown;
}

/** A profile picture upload, to follow its deletion (`id` is `file-<fileId>`). */
interface ProfilePictureDocument {
  id: string;
  accountId: string;
  uploadedFileName: string;
  [field: string]: unknown;
}

const PROFILE_EVENTS: ProfileEvent['type'][] = [
  'ProfileBasicInfoChanged',
  'ProfileSkillsSet',
  'ProfileCompanyAdded',
  'ProfileCompanyEdited',
  'ProfileCompanyRemoved',
  'ProfileEducationAdded',
  'ProfileEducationEdited',
  'ProfileEducationRemoved',
  'ProfileProjectAdded',
  'ProfileProjectEdited',
  'ProfileProjectRemoved',
  'ProfileErased',
];

const emptyProfile = (id: string): ProfileDocument => ({
  id,
  genderId: null,
  countryId: null,
  stateId: null,
  cityId: null,
  showDOB: false,
  showEmail: false,
  showPhone: false,
  tagIds: [],
  profilePic: null,
});

const historyId = (kind: ProfileHistoryKind, itemId: number) => `${kind}-${itemId}`;

const emptyHistory = (accountId: string, kind: ProfileHistoryKind, itemId: number): ProfileHistoryDocument => ({
  id: historyId(kind, itemId),
  accountId,
  kind,
  itemId,
  countryId: null,
  stateId: null,
  cityId: null,
  startDate: null,
  endDate: null,
  isCurrentCompany: false,
  companyName: null,
  designation: null,
  universityName: null,
  projectName: null,
  projectDescription: null,
});

/**
 * Profiles, their histories and pictures. Sealed parts are opened with the owner's key, read by
 * `prefetch` before the batch: once the key is shredded, a rebuild finds nothing to show, and `ProfileErased`
 * removes what a live projection held.
 */
export function profilesProjection(vault: PersonalDataVault): Projection {
  return {
    name: 'profiles',
    version: 2,
    collections: [PROFILES_COLLECTION, PROFILE_HISTORY_COLLECTION, PROFILE_PICTURES_COLLECTION],
    handles: ['AccountRegistered', ...PROFILE_EVENTS, 'FileUploaded', 'FileDeleted'],
    indexes: { [PROFILE_HISTORY_COLLECTION]: [['accountId', 'kind']], [PROFILE_PICTURES_COLLECTION]: [['accountId']] },
    // Every sealed part is the profile owner's: the key of each account the batch names.
    prefetch: (events) =>
      OpenedPersonalData.of(
        vault,
        events.map(ownerOf).filter((id): id is string => id !== null),
      ),
    async apply(recorded: RecordedEvent, tx: ReadStoreTransaction, opened: OpenedPersonalData) {
      if (recorded.streamName.startsWith('file-')) return applyFileEvent(recorded, tx);
      if (recorded.type === 'AccountRegistered') {
        // A profile starts with the name and e-mail given at signup.
        const { accountId: owner, sealed } = recorded.data as AccountRegistered['data'];
        const account = opened.open<AccountPersonalData>(owner, sealed);
        if (!account) return;
        return tx.upsert<ProfileDocument>(PROFILES_COLLECTION, {
          ...emptyProfile(owner),
          name: account.name,
          email: account.email,
          updatedOn: recorded.metadata.occurredAt,
        });
      }
      const accountId = accountIdOfProfileStream(recorded.streamName);
      if (!accountId) return;
      const event = { type: recorded.type, data: recorded.data } as ProfileEvent;
      const profile = (await tx.get<ProfileDocument>(PROFILES_COLLECTION, accountId)) ?? emptyProfile(accountId);
      const open = <T extends object>(sealed: SealedPersonalData) => opened.open<T>(accountId, sealed);

      const updatedOn = recorded.metadata.occurredAt;
      const saveHistory = async (kind: ProfileHistoryKind, itemId: number, fields: Partial<ProfileHistoryDocument> | null) => {
        await tx.upsert<ProfileDocument>(PROFILES_COLLECTION, { ...profile, updatedOn });
        // A history item whose key is gone shows nothing rather than half a record.
        if (!fields) return tx.delete(PROFILE_HISTORY_COLLECTION, historyId(kind, itemId));
        return tx.upsert(PROFILE_HISTORY_COLLECTION, { ...emptyHistory(accountId, kind, itemId), ...fields });
      };

      switch (event.type) {
        case 'ProfileBasicInfoChanged': {
          const { sealed, at: _at, ...facts } = event.data;
          const personal = open<ProfilePersonalData>(sealed);
          if (!personal) return;
          return tx.upsert<ProfileDocument>(PROFILES_COLLECTION, { ...profile, ...facts, ...personal, updatedOn });
        }
        case 'ProfileSkillsSet':
          return tx.upsert<ProfileDocument>(PROFILES_COLLECTION, { ...profile, tagIds: event.data.tagIds, updatedOn });
        case 'ProfileCompanyAdded':
        case 'ProfileCompanyEdited': {
          const { sealed, id, at: _at, ...facts } = event.data;
          const personal = open<CompanyPersonalData>(sealed);
          return saveHistory('company', id, personal && { ...facts, ...personal });
        }
        case 'ProfileEducationAdded':
        case 'ProfileEducationEdited': {
          const { sealed, id, at: _at, ...facts } = event.data;
          const personal = open<EducationPersonalData>(sealed);
          return saveHistory('education', id, personal && { ...facts, ...personal });
        }
        case 'ProfileProjectAdded':
        case 'ProfileProjectEdited': {
          const { sealed, id, at: _at, ...facts } = event.data;
          const personal = open<ProjectPersonalData>(sealed);
          return saveHistory('project', id, personal && { ...facts, ...personal });
        }
        case 'ProfileCompanyRemoved':
          return saveHistory('company', event.data.id, null);
        case 'ProfileEducationRemoved':
          return saveHistory('education', event.data.id, null);
        case 'ProfileProjectRemoved':
          return saveHistory('project', event.data.id, null);
        case 'ProfileErased': {
          for (const item of await tx.find<ProfileHistoryDocument>(PROFILE_HISTORY_COLLECTION, { accountId })) {
            await tx.delete(PROFILE_HISTORY_COLLECTION, item.id);
          }
          for (const picture of await tx.find<ProfilePictureDocument>(PROFILE_PICTURES_COLLECTION, { accountId })) {
            await tx.delete(PROFILE_PICTURES_COLLECTION, picture.id);
          }
          return tx.delete(PROFILES_COLLECTION, accountId);
        }
      }
    },
  };
}

/** The latest profile picture a user uploaded is their picture; deleting it clears it. */
async function applyFileEvent(recorded: RecordedEvent, tx: ReadStoreTransaction): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as FileEvent;
  const pictureId = `file-${fileIdOfStream(recorded.streamName)}`;
  if (event.type === 'FileUploaded') {
    if (event.data.attachmentTypeId !== AttachmentType.ProfilePicture) return;
    const accountId = event.data.uploaderId;
    await tx.upsert<ProfilePictureDocument>(PROFILE_PICTURES_COLLECTION, {
      id: pictureId,
      accountId,
      uploadedFileName: event.data.uploadedFileName,
    });
    const profile = (await tx.get<ProfileDocument>(PROFILES_COLLECTION, accountId)) ?? emptyProfile(accountId);
    return tx.upsert<ProfileDocument>(PROFILES_COLLECTION, {
      ...profile,
      profilePic: event.data.uploadedFileName,
      updatedOn: recorded.metadata.occurredAt,
    });
  }
  const picture = await tx.get<ProfilePictureDocument>(PROFILE_PICTURES_COLLECTION, pictureId);
  if (!picture) return;
  await tx.delete(PROFILE_PICTURES_COLLECTION, pictureId);
  const profile = await tx.get<ProfileDocument>(PROFILES_COLLECTION, picture.accountId);
  if (profile?.profilePic === picture.uploadedFileName) {
    await tx.upsert<ProfileDocument>(PROFILES_COLLECTION, { ...profile, profilePic: null, updatedOn: recorded.metadata.occurredAt });
  }
}

/** The account whose key opens what the event carries sealed (none for files). */
function ownerOf(recorded: RecordedEvent): string | null {
  if (recorded.type === 'AccountRegistered') return (recorded.data as AccountRegistered['data']).accountId;
  return accountIdOfProfileStream(recorded.streamName);
}
