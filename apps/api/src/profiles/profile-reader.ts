import { Inject, Injectable } from '@nestjs/common';
import { EntityType, type Company, type Education, type Project, type Tag, type UserProfile } from '@app/contracts';
import { findGender, findTag, notFound, profileViewer, visiblePersonalFields } from '@app/domain';
import { findCity, findCountry, findState } from '../reference-data/geography';
import {
  ACCOUNTS_COLLECTION,
  POST_VIEW_COLLECTION,
  PROFILE_HISTORY_COLLECTION,
  PROFILES_COLLECTION,
  type AccountDocument,
  type ProfileDocument,
  type ProfileHistoryDocument,
  type ProfileHistoryKind,
} from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { READ_STORE } from '../infrastructure/tokens';
import { FollowCounts } from '../shared/follow-counts';
import type { HistoryKind } from './change-profile.command';

export const USER_NOT_FOUND = 'User not found.';

const HISTORY_KIND: Record<HistoryKind, ProfileHistoryKind> = { Companies: 'company', Educations: 'education', Projects: 'project' };

const placeNames = (item: { countryId: number | null; stateId: number | null; cityId: number | null }) => ({
  countryName: (item.countryId && findCountry(item.countryId)?.name) || null,
  stateName: (item.stateId && findState(item.stateId)?.name) || null,
  cityName: (item.cityId && findCity(item.cityId)?.name) || null,
});

/** Profiles as the read models hold them, shaped as SPEC §3 says; people are found by handle. */
@Injectable()
export class ProfileReader {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly follows: FollowCounts,
  ) {}

  /** The account behind a user name; 404 for an unknown (or erased) one. */
  async accountOf(userName: string): Promise<AccountDocument> {
    const [account] = await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, { userName }, { limit: 1 });
    if (!account) throw notFound(USER_NOT_FOUND);
    return account;
  }

  private async profileOf(accountId: string): Promise<ProfileDocument | null> {
    return this.readStore.get<ProfileDocument>(PROFILES_COLLECTION, accountId);
  }

  async basicInfo(userName: string, viewerAccountId: string | null, now: Date): Promise<UserProfile> {
    const account = await this.accountOf(userName);
    const profile = await this.profileOf(account.id);
    const visiblePosts = (entityType: number) =>
      this.readStore.count(POST_VIEW_COLLECTION, { authorId: account.id, entityType, deleted: false, isPublished: true, isApproved: true });
    const person = { kind: 'user', accountId: account.id } as const;
    const [totalArticles, totalQuestions, followers, following, isFollowedByMe] = await Promise.all([
      visiblePosts(EntityType.Article),
      visiblePosts(EntityType.Question),
      this.follows.followers(person),
      this.follows.following(account.id),
      this.follows.isFollowing(viewerAccountId, person),
    ]);
    const flags = { showDOB: profile?.showDOB ?? false, showEmail: profile?.showEmail ?? false, showPhone: profile?.showPhone ?? false };
    const personal = visiblePersonalFields(
      {
        email: profile?.email ?? null,
        contactEmail: profile?.contactEmail ?? null,
        phone: profile?.phone ?? null,
        dateOfBirth: profile?.dateOfBirth ?? null,
      },
      flags,
      profileViewer(viewerAccountId, account.id),
      now,
    );
    const location = { countryId: profile?.countryId ?? null, stateId: profile?.stateId ?? null, cityId: profile?.cityId ?? null };
    return {
      uName: userName,
      name: account.name,
      title: profile?.title ?? null,
      totalArticles,
      totalQuestions,
      genderId: profile?.genderId ?? null,
      genderName: (profile?.genderId && findGender(profile.genderId)?.name) || null,
      about: profile?.about ?? null,
      ...personal,
      ...location,
      ...placeNames(location),
      websiteUrl: profile?.websiteUrl ?? null,
      linkedInUrl: profile?.linkedInUrl ?? null,
      gitHubUrl: profile?.gitHubUrl ?? null,
      resumeUrl: profile?.resumeUrl ?? null,
      ...flags,
      followers,
      following,
      isFollowedByMe,
    };
  }

  async skills(userName: string): Promise<Tag[]> {
    const profile = await this.profileOf((await this.accountOf(userName)).id);
    return (profile?.tagIds ?? []).flatMap((id) => findTag(id) ?? []);
  }

  /** The stored name of the user's profile picture; '' when none (the SPA shows the default icon). */
  async pictureOf(userName: string): Promise<string> {
    const profile = await this.profileOf((await this.accountOf(userName)).id);
    return profile?.profilePic ?? '';
  }

  async history(userName: string, kind: HistoryKind): Promise<Array<Company | Education | Project>> {
    const account = await this.accountOf(userName);
    return this.historyOf(account.id, userName, kind);
  }

  /** Newest first: history ids are time-ordered. */
  async historyOf(accountId: string, userName: string, kind: HistoryKind): Promise<Array<Company | Education | Project>> {
    const items = await this.readStore.find<ProfileHistoryDocument>(
      PROFILE_HISTORY_COLLECTION,
      { accountId, kind: HISTORY_KIND[kind] },
      { sort: [['itemId', -1]] },
    );
    return items.map((item) => toHistoryItem(item, userName));
  }
}

function toHistoryItem(item: ProfileHistoryDocument, userName: string): Company | Education | Project {
  const id = item.itemId;
  switch (item.kind) {
    case 'company':
      return {
        id,
        companyName: item.companyName ?? '',
        designation: item.designation ?? '',
        ...places(item),
        startDate: item.startDate ?? '',
        endDate: item.endDate,
        isCurrentCompany: item.isCurrentCompany,
      };
    case 'education':
      return { id, universityName: item.universityName ?? '', ...places(item), startDate: item.startDate ?? '', endDate: item.endDate };
    case 'project':
      return {
        id,
        uName: userName,
        projectName: item.projectName ?? '',
        projectDescription: item.projectDescription ?? '',
        companyName: item.companyName,
        startDate: item.startDate,
        endDate: item.endDate,
      };
  }
}

/** Histories always have a full location: ids and names. */
function places(item: ProfileHistoryDocument) {
  const names = placeNames(item);
  return {
    countryId: item.countryId ?? 0,
    stateId: item.stateId ?? 0,
    cityId: item.cityId ?? 0,
    countryName: names.countryName ?? '',
    stateName: names.stateName ?? '',
    cityName: names.cityName ?? '',
  };
}
