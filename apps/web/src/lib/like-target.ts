/** The four likeable items' API resources (PUT /api/{resource}/Like, GET /api/{resource}/Likes/Users/{id}). */
export type LikeResource = 'Article' | 'Question' | 'ArticleComment' | 'QuestionComment';

/** One likeable item; `label` names it in the likes modal's title ('Users who liked this Comment'). */
export interface LikeTarget {
  resource: LikeResource;
  id: number;
  label: 'Article' | 'Question' | 'Comment';
}
