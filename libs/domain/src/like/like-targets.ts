import { EntityType } from '@app/contracts';
import { COMMENT_NOT_FOUND } from '../comment/errors';
import { POST_KINDS, type PostKind } from '../posts/post-kinds';

/** What can be liked (forem's REACTABLE_TYPES): posts and comments of both post kinds. */
export type LikeTarget = 'article' | 'question' | 'articleComment' | 'questionComment';

/** SPEC §3 entity types of the likeable items, 1 to 4. */
export type LikeEntityType = (typeof EntityType)['Article' | 'Question' | 'ArticleComment' | 'QuestionComment'];

export interface LikeTargetDescription {
  entityType: LikeEntityType;
  /** The post kind the item belongs to (the post itself, or the post of the comment). */
  postKind: PostKind;
  isComment: boolean;
  /** SPEC §2 likes modal: 'Users who liked this {label}'. */
  label: 'Article' | 'Question' | 'Comment';
  notFound: string;
}

const postTarget = <Kind extends PostKind>(kind: Kind) => {
  const { entityType, label, notFound } = POST_KINDS[kind];
  return { entityType, isComment: false, label, notFound };
};

/** The four likeable targets, described once; one like definition serves them all. */
export const LIKE_TARGETS = {
  article: { ...postTarget('article'), postKind: 'article' },
  question: { ...postTarget('question'), postKind: 'question' },
  articleComment: {
    entityType: EntityType.ArticleComment,
    postKind: 'article',
    isComment: true,
    label: 'Comment',
    notFound: COMMENT_NOT_FOUND,
  },
  questionComment: {
    entityType: EntityType.QuestionComment,
    postKind: 'question',
    isComment: true,
    label: 'Comment',
    notFound: COMMENT_NOT_FOUND,
  },
} as const satisfies Record<LikeTarget, LikeTargetDescription>;

const BY_ENTITY_TYPE = new Map<number, LikeTarget>(
  (Object.keys(LIKE_TARGETS) as LikeTarget[]).map((target) => [LIKE_TARGETS[target].entityType, target]),
);

/** The like target of an entity type (1-4); undefined for any other number. */
export const likeTargetOf = (entityType: number): LikeTarget | undefined => BY_ENTITY_TYPE.get(entityType);

/** The comment target of a post kind: article comments are liked as 'articleComment'. */
export const commentLikeTargetOf = (kind: PostKind): LikeTarget => (kind === 'article' ? 'articleComment' : 'questionComment');
