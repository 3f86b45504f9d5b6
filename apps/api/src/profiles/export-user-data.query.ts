import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityType, type Company, type Education, type Project, type UserDataExport } from '@app/contracts';
import { notFound } from '@app/domain';
import { COMMENTS_COLLECTION, POST_VIEW_COLLECTION, type CommentDocument, type PostViewDocument } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { AccountDirectory } from '../accounts/account-directory';
import { articleRecord, questionRecord } from '../posts/views/post-records';
import { CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';
import { ProfileReader, USER_NOT_FOUND } from './profile-reader';

export class ExportUserDataQuery extends Query<UserDataExport> {
  constructor(readonly accountId: string) {
    super();
  }
}

/**
 * Everything the site holds about the caller, decrypted (the privacy page promises it): the account
 * as signup recorded it (opened from the log with their key), the profile and histories, their posts and comments.
 */
@QueryHandler(ExportUserDataQuery)
export class ExportUserDataHandler implements IQueryHandler<ExportUserDataQuery, UserDataExport> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly directory: AccountDirectory,
    private readonly profiles: ProfileReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ accountId }: ExportUserDataQuery): Promise<UserDataExport> {
    const account = await this.directory.findById(accountId);
    if (!account) throw notFound(USER_NOT_FOUND);
    const { userName, name, email } = account.personal;
    const now = this.clock();
    const posts = await this.readStore.find<PostViewDocument>(POST_VIEW_COLLECTION, { authorId: accountId }, { sort: [['postId', 1]] });
    const comments = await this.readStore.find<CommentDocument>(
      COMMENTS_COLLECTION,
      { authorId: accountId, deleted: false },
      { sort: [['commentId', 1]] },
    );
    const author = { uName: userName, name };
    return {
      exportedAt: now.toISOString(),
      account: {
        userName,
        name,
        email,
        roleId: account.state.roleId,
        emailConfirmed: account.state.emailConfirmed,
        registeredAt: account.state.registeredAt,
      },
      profile: await this.profiles.basicInfo(userName, accountId, now),
      skills: await this.profiles.skills(userName),
      companies: (await this.profiles.historyOf(accountId, userName, 'Companies')) as Company[],
      projects: (await this.profiles.historyOf(accountId, userName, 'Projects')) as Project[],
      educations: (await this.profiles.historyOf(accountId, userName, 'Educations')) as Education[],
      articles: posts.filter((post) => post.entityType === EntityType.Article).map((post) => articleRecord(post, author, true)),
      questions: posts.filter((post) => post.entityType === EntityType.Question).map((post) => questionRecord(post, author, true)),
      comments: comments.map((comment) => ({
        id: comment.commentId,
        entityType: comment.postKind === 'article' ? EntityType.ArticleComment : EntityType.QuestionComment,
        postId: comment.postId,
        parentId: comment.parentId,
        content: comment.content,
        createdOn: comment.createdOn,
      })),
    };
  }
}
