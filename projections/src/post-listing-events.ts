import type { ArticleEvent, QuestionEvent } from '@app/domain';

/** The post events that change how a post is listed (home, search) and shown (post view): its fields, visibility and existence. */
export const POST_LISTING_EVENTS: (ArticleEvent | QuestionEvent)['type'][] = [
  'ArticleDrafted',
  'ArticleEdited',
  'ArticlePublished',
  'ArticleUnpublished',
  'ArticleApproved',
  'ArticleUnapproved',
  'ArticleDeleted',
  'QuestionAsked',
  'QuestionEdited',
  'QuestionPublished',
  'QuestionUnpublished',
  'QuestionApproved',
  'QuestionUnapproved',
  'QuestionDeleted',
];
