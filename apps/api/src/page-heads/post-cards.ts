import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { POST_KINDS, type PostKind } from '@app/domain';
import { AuthorNames } from '../shared/author-names';
import { SITE_NAME } from './page-head';
import { PublicPosts } from './public-posts';
import { renderSocialCard, type SocialCard } from './social-card';

/** Cards kept rendered (about 30 KB each): the posts being shared right now. */
const KEPT = 200;

/**
 * Link-preview cards: one per visible post (its title, author and kind, as dev.to makes them) and
 * the site's own. A card's address carries a version made of what it shows, so a retitled post or
 * a renamed (or erased) author gets a new address that previews fetch again. Cards are rendered one
 * at a time (the layout runs on the event loop) and the latest ones are kept.
 */
@Injectable()
export class PostCards {
  private readonly kept = new Map<string, Promise<Buffer>>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly posts: PublicPosts,
    private readonly authorNames: AuthorNames,
  ) {}

  siteCard(): Promise<Buffer> {
    return this.rendered('site', { title: SITE_NAME });
  }

  /** The card of a post anyone may read, or null (unknown, draft, unapproved, deleted). */
  async postCard(kind: PostKind, id: number): Promise<Buffer | null> {
    const card = await this.cardOf(kind, id);
    return card && this.rendered(`${kind}:${id}:${card.version}`, card);
  }

  /** The version part of a post card's address, from what the card shows. */
  static version(card: SocialCard): string {
    return createHash('sha256')
      .update(`${card.title}\n${card.byline ?? ''}`)
      .digest('base64url')
      .slice(0, 12);
  }

  static byline(kind: PostKind, authorName: string): string {
    return `${authorName} · ${POST_KINDS[kind].label}`;
  }

  private async cardOf(kind: PostKind, id: number): Promise<(SocialCard & { version: string }) | null> {
    const post = await this.posts.get(kind, POST_KINDS[kind].streamName(id));
    if (!post) return null;
    const author = (await this.authorNames.lookup([post.authorId]))(post.authorId);
    const card = { title: post.title, byline: PostCards.byline(kind, author.name) };
    return { ...card, version: PostCards.version(card) };
  }

  private rendered(key: string, card: SocialCard): Promise<Buffer> {
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key); // most recently used last
      this.kept.set(key, kept);
      return kept;
    }
    const png = this.queue.then(() => renderSocialCard(card));
    this.queue = png.catch(() => undefined);
    this.kept.set(key, png);
    png.catch(() => this.kept.delete(key));
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return png;
  }
}
