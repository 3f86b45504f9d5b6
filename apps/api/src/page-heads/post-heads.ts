import { Inject, Injectable } from '@nestjs/common';
import { slugify } from '@app/contracts';
import { commentStreamName, POST_KINDS, sanitizeRichText, type PostKind } from '@app/domain';
import { COMMENTS_COLLECTION, plainTextOf, type CommentDocument, type PostViewDocument } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { AuthorNames, type AuthorName } from '../shared/author-names';
import { FEED_PATHS, feedAlternates } from './feed-paths';
import { READ_STORE } from '../infrastructure/tokens';
import { authorPerson } from './author-person';
import { escapeHtml, summary } from './html';
import { notFoundHead } from './not-found-head';
import { PostCards } from './post-cards';
import { SITE_NAME, type PageHead } from './page-head';
import { modifiedOn, PublicPosts, publishedOn } from './public-posts';
import { SiteUrls } from './site-urls';

/** How many answers (top-level comments) a question page puts in its JSON-LD and crawler text. */
const ANSWERS_SHOWN = 50;

export type PostPage = PageHead | { redirect: string };

/** A question's answers for its head: how many, the first few, and the accepted one (issue 27). */
interface Answers {
  count: number;
  shown: CommentDocument[];
  accepted: CommentDocument | null;
}

/** The head of an article or question page: `Article` or `QAPage`, from the post-view and comments read models. */
@Injectable()
export class PostHeads {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly posts: PublicPosts,
    private readonly authorNames: AuthorNames,
    private readonly urls: SiteUrls,
  ) {}

  /**
   * `slug` is the title segment as requested (undefined when absent): a post reached with another
   * slug moves permanently to its canonical address. A post nobody may read is 404, whatever the slug.
   */
  async head(kind: PostKind, id: number, slug: string | undefined, search: string): Promise<PostPage> {
    const post = await this.posts.get(kind, POST_KINDS[kind].streamName(id));
    if (!post) return notFoundHead(this.urls, `${POST_KINDS[kind].label} not found`);
    if (slug !== slugify(post.title)) return { redirect: this.urls.postPath(kind, id, post.title) + search };

    const authorOf = await this.authorNames.lookup([post.authorId]);
    const author = authorOf(post.authorId);
    const url = this.urls.post(kind, id, post.title);
    const text = plainTextOf(post.content);
    const description = summary(kind === 'article' && post.description ? post.description : text) || post.title;
    const image = this.imageOf(post);
    const common = {
      status: 200 as const,
      title: post.title,
      description,
      canonicalUrl: url,
      noindex: false,
      openGraphType: 'article' as const,
      ...this.urls.previewImage(image, this.cardOf(kind, post, author)),
      imageAlt: post.title,
      article: {
        authorName: author.name,
        authorUrl: author.uName ? this.urls.profile(author.uName) : null,
        publishedTime: publishedOn(post),
        modifiedTime: modifiedOn(post),
        section: post.category,
        tags: post.tags.map((tag) => tag.subTag),
      },
      alternates: [
        ...feedAlternates(FEED_PATHS.site, SITE_NAME, (path) => this.urls.absolute(path)),
        ...(author.uName
          ? feedAlternates(FEED_PATHS.user(author.uName), `${author.name} on ${SITE_NAME}`, (path) => this.urls.absolute(path))
          : []),
      ],
    };
    if (kind === 'article') {
      return {
        ...common,
        jsonLd: [this.articleJsonLd(post, author, url, description, image)],
        noscript: this.postText(post, author, kind),
        noscriptBesidePaint: '',
      };
    }
    const answers = await this.answersOf(post);
    const authorsOfAnswers = await this.authorNames.lookup(
      [...answers.shown, ...(answers.accepted ? [answers.accepted] : [])].map((answer) => answer.authorId),
    );
    return {
      ...common,
      jsonLd: [this.qaPageJsonLd(post, author, url, text, answers, authorsOfAnswers)],
      noscript: this.postText(post, author, kind) + this.answersText(answers.shown, authorsOfAnswers),
      // The painted page shows the question, not its answers (the comments load after it).
      noscriptBesidePaint: this.answersText(answers.shown, authorsOfAnswers),
    };
  }

  private cardOf(kind: PostKind, post: PostViewDocument, author: AuthorName): string {
    return this.urls.postCard(kind, post.postId, PostCards.version({ title: post.title, byline: PostCards.byline(kind, author.name) }));
  }

  private imageOf(post: PostViewDocument): string | null {
    const chosen = (post.images ?? []).find((image) => image.id === post.defaultImageId);
    return chosen ? this.urls.image(chosen.uploadedFileName) : null;
  }

  /** Top-level comments everyone may read are the question's answers; replies stay in the SPA's thread. */
  private async answersOf(post: PostViewDocument): Promise<Answers> {
    const filter = { post: post.id, visible: true, parentId: { $lte: 0 } };
    const acceptedId = post.acceptedCommentId ?? null;
    const [count, shown, accepted] = await Promise.all([
      this.readStore.count(COMMENTS_COLLECTION, filter),
      this.readStore.find<CommentDocument>(COMMENTS_COLLECTION, filter, { sort: [['commentId', 1]], limit: ANSWERS_SHOWN }),
      acceptedId === null ? null : this.readStore.get<CommentDocument>(COMMENTS_COLLECTION, commentStreamName(acceptedId)),
    ]);
    // Issue 27: the accepted answer (any visible comment of the question) is the JSON-LD's acceptedAnswer, not a suggested one.
    const isAccepted = accepted !== null && accepted.visible && accepted.post === post.id;
    return { count, shown, accepted: isAccepted ? accepted : null };
  }

  private articleJsonLd(post: PostViewDocument, author: AuthorName, url: string, description: string, image: string | null) {
    return {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: post.title,
      description,
      url,
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
      ...(image ? { image: [image] } : {}),
      datePublished: publishedOn(post),
      dateModified: modifiedOn(post),
      author: authorPerson(author, this.urls),
      publisher: { '@type': 'Organization', name: SITE_NAME, url: this.urls.absolute('/') },
      ...(post.category ? { articleSection: post.category } : {}),
      keywords: post.tags.map((tag) => tag.subTag).join(', '),
    };
  }

  private qaPageJsonLd(
    post: PostViewDocument,
    author: AuthorName,
    url: string,
    text: string,
    answers: Answers,
    authorOf: (accountId: string) => AuthorName,
  ) {
    const answerJsonLd = (answer: CommentDocument) => ({
      '@type': 'Answer',
      text: plainTextOf(answer.content),
      url: `${url}#comment-${answer.commentId}`,
      dateCreated: answer.createdOn,
      upvoteCount: answer.likes,
      author: authorPerson(authorOf(answer.authorId), this.urls),
    });
    return {
      '@context': 'https://schema.org',
      '@type': 'QAPage',
      mainEntity: {
        '@type': 'Question',
        name: post.title,
        text: text || post.title,
        url,
        dateCreated: publishedOn(post),
        dateModified: modifiedOn(post),
        author: authorPerson(author, this.urls),
        upvoteCount: post.likes,
        answerCount: answers.count,
        ...(answers.accepted ? { acceptedAnswer: answerJsonLd(answers.accepted) } : {}),
        suggestedAnswer: answers.shown.filter((answer) => answer.commentId !== answers.accepted?.commentId).map(answerJsonLd),
      },
    };
  }

  /** The post as plain, safe HTML for readers without JavaScript. */
  private postText(post: PostViewDocument, author: AuthorName, kind: PostKind): string {
    const byline = author.uName
      ? `<a href="${escapeHtml(this.urls.profilePath(author.uName))}">${escapeHtml(author.name)}</a>`
      : escapeHtml(author.name);
    const published = publishedOn(post);
    return [
      '<article>',
      `<h1>${escapeHtml(post.title)}</h1>`,
      `<p>By ${byline}, <time datetime="${escapeHtml(published)}">${escapeHtml(published.slice(0, 10))}</time></p>`,
      kind === 'article' && post.description ? `<p>${escapeHtml(post.description)}</p>` : '',
      sanitizeRichText(post.content),
      '</article>',
    ].join('');
  }

  private answersText(answers: CommentDocument[], authorOf: (accountId: string) => AuthorName): string {
    if (answers.length === 0) return '';
    const items = answers.map(
      (answer) =>
        `<article id="comment-${answer.commentId}"><p>${escapeHtml(authorOf(answer.authorId).name)}:</p>${sanitizeRichText(answer.content)}</article>`,
    );
    return `<section><h2>Answers</h2>${items.join('')}</section>`;
  }
}
