/**
 * The SearchIndex port: the posts the search screens find (SPEC §2, §3, §4, §5), kept by a
 * checkpointed projection like every read model, and never written by a command.
 *
 * Guarantees every adapter must keep (checked by `describeSearchIndexContract`):
 * - Two generations: `live` (what `search` reads) and `shadow` (a blue-green rebuild). Each has its
 *   own documents and its own checkpoint.
 * - `applyBatch` is atomic: the batch's writes and the generation's new checkpoint are stored
 *   together or not at all (a thrown error, in `work` or in the engine, leaves neither). Once it
 *   resolved, both are durable: a crash afterwards loses nothing.
 * - `applyBatch` is a compare-and-set on the checkpoint: when the generation's checkpoint is no
 *   longer `from` (another process, a finished rebuild), nothing is written and it returns false.
 * - Writes are whole documents (upsert replaces) or removals, and within a batch the last write of
 *   an id wins: re-applying a batch gives the same index, so a batch applied twice is harmless.
 *   A projection turning a relative event (a like) into a document compares the event's position
 *   with the document's `position` (the last event applied to it) and skips what it already applied.
 * - `promoteShadow` switches generations atomically: readers see the old live documents until the
 *   instant the shadow's documents AND its checkpoint become live; the shadow is then empty.
 * - `search` reads only committed live documents and returns the page of SPEC §4 (see SearchQuery).
 *
 * A deleted post is removed, not flagged: nobody searches deleted posts.
 */
export interface SearchIndex {
  /** The checkpoint of a generation (`live` by default), `null` when nothing was applied. */
  getCheckpoint(generation?: SearchGeneration): Promise<bigint | null>;

  /**
   * Runs `work`, then stores its writes and moves the generation's checkpoint from `from` to `to`
   * in one atomic step. Returns false, writing nothing, when the checkpoint is no longer `from`.
   */
  applyBatch(
    generation: SearchGeneration,
    checkpoint: { from: bigint | null; to: bigint },
    work: (batch: SearchIndexBatch) => void | Promise<void>,
  ): Promise<boolean>;

  /** A committed document of a generation (`live` by default), or null. */
  get(id: number, generation?: SearchGeneration): Promise<SearchDocument | null>;

  /** Empties the shadow generation and its checkpoint (null): a rebuild starts from position 0. */
  resetShadow(): Promise<void>;

  /** The shadow's documents and checkpoint become live in one atomic switch; the shadow is left empty. */
  promoteShadow(): Promise<void>;

  search(query: SearchQuery): Promise<SearchDocument[]>;

  close(): Promise<void>;
}

export type SearchGeneration = 'live' | 'shadow';

/** The writes of one batch. `get` sees the batch's own writes first, then the committed documents. */
export interface SearchIndexBatch {
  get(id: number): Promise<SearchDocument | null>;
  /** Inserts or replaces the whole document. */
  upsert(document: SearchDocument): void;
  /** Removes the document; removing an absent one is fine. */
  remove(id: number): void;
}

/** Article = 1, Question = 2 (SPEC §3 entity types). */
export type SearchEntityType = 1 | 2;

/** One post as the search screens find and show it. */
export interface SearchDocument {
  /** The post id: time-ordered, so id order is creation order. */
  id: number;
  entityType: SearchEntityType;
  title: string;
  /** The article's description; '' for a question. */
  description: string;
  /** The post's content as plain text (html stripped). */
  contentText: string;
  /** The post's tags; their names are searched like the title. */
  tags: SearchTag[];
  categoryId: number;
  /**
   * The author's opaque account id. Never their user name: that is personal data an erased account
   * must leave nowhere, so the API joins the current name at read time.
   */
  authorAccountId: string;
  likes: number;
  isApproved: boolean;
  /** Always true for a question. */
  isPublished: boolean;
  createdOn: string;
  updatedOn: string | null;
  /** A question's accepted answer (issue 27): `isSolved` on search rows. Absent or null: none. */
  acceptedCommentId?: number | null;
  /**
   * A question's live comments by anyone but its author (issue 27's 'unanswered': none of them
   * approved). Absent: none.
   */
  answers?: SearchAnswer[];
  /**
   * Likes and comments per UTC day (`day`: days since the epoch), the `trending` sort's material;
   * days older than the trending window before the newest are dropped. Absent: none.
   */
  activity?: SearchActivity[];
  /** `$all` position (decimal) of the last event applied to this document: makes relative updates idempotent. */
  position: string;
}

export interface SearchAnswer {
  commentId: number;
  isApproved: boolean;
}

export interface SearchActivity {
  day: number;
  /** Likes and comments that day, less the likes taken back that day. */
  count: number;
}

/**
 * Issue 27's orders: `latest` by date (id, as `orderByAsc` says); `top` by likes; `trending` by
 * likes and comments of the TRENDING_DAYS days ending on `today`. `top` and `trending` are always
 * descending (most first), ties newest (largest id) first.
 */
export type SearchSort = 'latest' | 'top' | 'trending';

/** Issue 27: `unanswered`: questions no one but their author commented (approved comments); `solved`: questions with an accepted answer. Both leave articles out. */
export type SearchStatus = 'any' | 'unanswered' | 'solved';

export interface SearchTag {
  id: number;
  subTag: string;
}

/**
 * Who is searching, which decides what can be found (deleted posts are never in the index):
 * - `public`: published and approved posts;
 * - `{ ownerAccountId }`: every post of that author, drafts and unapproved ones included;
 * - `admin`: every post.
 */
export type SearchVisibility = 'public' | 'admin' | { ownerAccountId: string };

/** Article, Question, or both (SPEC §3 entity type 100). */
export type SearchEntityFilter = 1 | 2 | 100;

export interface SearchQuery {
  /**
   * Raw text: stripped to letters and spaces (SPEC §5); every word must match title, description,
   * content or a tag name; the last word as a prefix. Empty lists everything. Adapters match at
   * most MAX_SEARCH_WORDS distinct words (the request schema refuses more).
   */
  text: string;
  visibility: SearchVisibility;
  /** -1: every category. */
  categoryId: number;
  entityType: SearchEntityFilter;
  /** Posts with any of these tags; empty: no tag filter. */
  tagIds: readonly number[];
  /** Only this author's posts (the public profile's Posts tab), by account id. */
  authorAccountId?: string;
  /** Date (= id) order. */
  orderByAsc: boolean;
  /**
   * SPEC §4 keyset paging with one cursor (`keysetCursor`): the page is the `pageSize` first posts,
   * in the requested order, beyond the nearer of the requested kinds' last-fetched ids (beyond:
   * smaller ids when descending, larger when ascending). Ids are one time-ordered sequence over both
   * kinds, so this is exact even when a page held no post of one kind. Start with a very large
   * number descending, -1 ascending.
   */
  lastFetchedArticleId: number;
  lastFetchedQuestionId: number;
  pageSize: number;
  /** Default `latest`. */
  sort?: SearchSort;
  /** Default `any`. */
  status?: SearchStatus;
  /**
   * `top` and `trending` page with a compound keyset: the page is the first `pageSize` posts
   * beyond (`score`, `id`) of the last post received, in (score desc, id desc) order. Absent: the
   * first page. The last-fetched ids are not used by these sorts. `score` is the row's `sortScore`.
   */
  lastFetchedScore?: { score: number; id: number };
  /** `trending`: the UTC day (days since the epoch) the window ends on, from the caller's clock. */
  today?: number;
}

/** A search stopped at its time budget (an adapter's guard against a query that would block the site). */
export class SearchTookTooLongError extends Error {
  constructor() {
    super('The search took too long.');
    this.name = 'SearchTookTooLongError';
  }
}

export const SEARCH_INDEX = Symbol('SearchIndex');
