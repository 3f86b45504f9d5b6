import { Inject, Injectable } from '@nestjs/common';
import { slugify } from '@app/contracts';
import type { AppConfig } from '@app/config';
import type { PostKind } from '@app/domain';
import { APP_CONFIG } from '../infrastructure/tokens';
import { SOCIAL_CARD_SIZE } from './social-card';

/** Where the generated site card is served. */
export const SITE_CARD_PATH = '/site-card.png';

/** Where a post's generated card is served: `/card/article/{id}.png`. */
export const POST_CARD_PATH = /^\/card\/(article|question)\/(\d{1,16})\.png$/;

/** The site's public addresses (SPEC §2 routes), absolute under PUBLIC_URL, as links shared elsewhere need them. */
@Injectable()
export class SiteUrls {
  readonly base: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.base = config.publicUrl;
  }

  absolute(path: string): string {
    return `${this.base}${path}`;
  }

  /** `/article/{id}/{slug}`: the canonical path of a post, with its title's slug. */
  postPath(kind: PostKind, id: number, title: string): string {
    return `/${kind}/${id}/${encodeURIComponent(slugify(title))}`;
  }

  post(kind: PostKind, id: number, title: string): string {
    return this.absolute(this.postPath(kind, id, title));
  }

  profilePath(userName: string): string {
    return `/profile/${encodeURIComponent(userName)}`;
  }

  profile(userName: string): string {
    return this.absolute(this.profilePath(userName));
  }

  image(uploadedFileName: string): string {
    return this.absolute(`/images/${encodeURIComponent(uploadedFileName)}`);
  }

  profilePicture(uploadedFileName: string): string {
    return this.absolute(`/ProfilePictures/${encodeURIComponent(uploadedFileName)}`);
  }

  /** The generated card shown for pages without an image of their own. */
  siteCard(): string {
    return this.absolute(SITE_CARD_PATH);
  }

  /** The generated card of a post, at the address of its current version (see PostCards). */
  postCard(kind: PostKind, id: number, version: string): string {
    return this.absolute(`/card/${kind}/${id}.png?v=${version}`);
  }

  /** A page's preview image: its own (absolute URL), or a generated card (the site's by default) with its size. */
  previewImage(own: string | null, card = this.siteCard()): { image: string; imageSize?: { width: number; height: number } } {
    return own ? { image: own } : { image: card, imageSize: SOCIAL_CARD_SIZE };
  }

  /** Makes the site-relative image sources of stored post html (`/images/...`) absolute, for feed readers and crawlers elsewhere. */
  absoluteSources(html: string): string {
    return html.replace(/(<img\b[^>]*?\ssrc=")(\/images\/)/gi, (_match, start: string, path: string) => `${start}${this.base}${path}`);
  }
}
