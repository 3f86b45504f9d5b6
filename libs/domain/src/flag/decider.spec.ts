import { FLAG_MESSAGES } from '@app/contracts';
import { articleDrafted, commentAdded, deciderSpec } from '@app/testing';
import type { Actor } from '../posts/authorization';
import type { PostEvent } from '../posts/post-events';
import { ARTICLE_NOT_FOUND } from '../posts/post-kinds';
import { COMMENT_NOT_FOUND } from '../comment/errors';
import type { FlagItem, Flagger, ResolveFlags } from './commands';
import type { FlagEvent } from './events';
import { flaggableArticle, flaggableComment } from './flaggable-items';

const now = new Date('2025-03-10T12:00:00.000Z');
const at = now.toISOString();
const id = 42;
const author: Actor = { accountId: 'ada', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };
const reader = (name: string): Actor => ({ accountId: name, roleId: 1 });
const seasoned: Flagger = { emailConfirmed: true, registeredAt: '2025-03-01T00:00:00.000Z' };
const unconfirmed: Flagger = { ...seasoned, emailConfirmed: false };
/** Signed up 23 hours before the flag. */
const newcomer: Flagger = { emailConfirmed: true, registeredAt: '2025-03-09T13:00:00.000Z' };

const drafted: PostEvent = articleDrafted({ id, title: 'T', description: 'D', categoryId: 1, tags: [], at });
const published: PostEvent = { type: 'ArticlePublished', data: { at } };

const flag = (actor: Actor, flagger: Flagger = seasoned, entityType = 1): FlagItem => ({
  type: 'FlagItem',
  entityType,
  id,
  actor,
  flagger,
  visibleToActor: true,
  reason: 'spam',
  note: 'buy now',
  now,
});
const flagged = (flaggerId: string, counts = true, hides = false, entityType = 1): FlagEvent => ({
  type: 'ItemFlagged',
  data: { entityType, id, flaggerId, reason: 'spam', note: 'buy now', counts, hides, at },
});
const resolve = (action: ResolveFlags['action'], actor: Actor = admin, entityType = 1): ResolveFlags => ({
  type: 'ResolveFlags',
  entityType,
  id,
  actor,
  action,
  note: 'checked',
  now,
});
const resolved = (action: ResolveFlags['action'], flaggerIds: string[], entityType = 1): FlagEvent => ({
  type: 'FlagsResolved',
  data: { entityType, id, action, note: 'checked', flaggerIds, at },
});
const hiddenByFlags: PostEvent = { type: 'ArticleUnapproved', data: { at, reason: 'flagged' } };

describe('flags on a post (issue 27)', () => {
  const spec = deciderSpec(flaggableArticle);
  const live = [drafted, published];

  it('given a post, when a reader flags it, then it is flagged', () => {
    spec
      .given(live)
      .when(flag(reader('bob')))
      .then([flagged('bob')]);
  });

  it('given a post flagged by a reader, when the same reader flags it again, then 409 (once per person)', () => {
    spec
      .given([...live, flagged('bob')])
      .when(flag(reader('bob')))
      .thenThrows('conflict', FLAG_MESSAGES.alreadyFlagged);
  });

  it('given resolved flags, when an earlier flagger flags again, then 409 (once per person per item, ever)', () => {
    spec
      .given([...live, flagged('bob'), resolved('dismiss', ['bob'])])
      .when(flag(reader('bob')))
      .thenThrows('conflict', FLAG_MESSAGES.alreadyFlagged);
  });

  it('given a post, when its author flags it, then 403', () => {
    spec.given(live).when(flag(author)).thenThrows('forbidden', FLAG_MESSAGES.ownItem);
  });

  it('given no post, or one the reader cannot see, or a deleted one, when flagged, then 404', () => {
    spec
      .given([])
      .when(flag(reader('bob')))
      .thenThrows('not_found', ARTICLE_NOT_FOUND);
    spec
      .given(live)
      .when({ ...flag(reader('bob')), visibleToActor: false })
      .thenThrows('not_found', ARTICLE_NOT_FOUND);
    spec
      .given([...live, { type: 'ArticleDeleted', data: { at } }])
      .when(flag(reader('bob')))
      .thenThrows('not_found', ARTICLE_NOT_FOUND);
  });

  it('given two eligible flags, when a third eligible reader flags, then the post is hidden as an unapproval does', () => {
    spec
      .given([...live, flagged('bob'), flagged('cy')])
      .when(flag(reader('dee')))
      .then([flagged('dee', true, true), hiddenByFlags]);
  });

  it('given two eligible flags, when an unconfirmed or a day-young account flags, then it is queued but does not hide', () => {
    spec
      .given([...live, flagged('bob'), flagged('cy')])
      .when(flag(reader('dee'), unconfirmed))
      .then([flagged('dee', false)]);
    spec
      .given([...live, flagged('bob'), flagged('cy')])
      .when(flag(reader('dee'), newcomer))
      .then([flagged('dee', false)]);
  });

  it('given two eligible flags and two that do not count, when a third eligible reader flags, then the post is hidden', () => {
    spec
      .given([...live, flagged('bob'), flagged('x', false), flagged('cy'), flagged('y', false)])
      .when(flag(reader('dee')))
      .then([flagged('dee', true, true), hiddenByFlags]);
  });

  it('given a post hidden by flags, when a fourth reader flags, then it is flagged only', () => {
    spec
      .given([...live, flagged('bob'), flagged('cy'), flagged('dee', true, true), hiddenByFlags])
      .when(flag(reader('eve')))
      .then([flagged('eve')]);
  });

  it('given an unapproved post (pre-moderation), when the third reader flags, then nothing is hidden again', () => {
    spec
      .given([...live, { type: 'ArticleUnapproved', data: { at } }, flagged('bob'), flagged('cy')])
      .when(flag(reader('dee')))
      .then([flagged('dee')]);
  });

  it('given a post hidden by flags, when an admin dismisses them, then the flags are settled and the post shows again', () => {
    spec
      .given([...live, flagged('bob'), flagged('cy'), flagged('dee', true, true), hiddenByFlags])
      .when(resolve('dismiss'))
      .then([resolved('dismiss', ['bob', 'cy', 'dee']), { type: 'ArticleApproved', data: { at } }]);
  });

  it('given a flagged post still shown, when an admin dismisses the flags, then only the flags are settled', () => {
    spec
      .given([...live, flagged('bob')])
      .when(resolve('dismiss'))
      .then([resolved('dismiss', ['bob'])]);
  });

  it('given a flagged post, when an admin hides it, then it is unapproved', () => {
    spec
      .given([...live, flagged('bob')])
      .when(resolve('hide'))
      .then([resolved('hide', ['bob']), { type: 'ArticleUnapproved', data: { at } }]);
  });

  it('given a post hidden by flags, when an admin hides it, then it stays hidden', () => {
    spec
      .given([...live, flagged('bob'), flagged('cy'), flagged('dee', true, true), hiddenByFlags])
      .when(resolve('hide'))
      .then([resolved('hide', ['bob', 'cy', 'dee'])]);
  });

  it('given a flagged post, when an admin deletes it, then it is deleted', () => {
    spec
      .given([...live, flagged('bob')])
      .when(resolve('delete'))
      .then([resolved('delete', ['bob']), { type: 'ArticleDeleted', data: { at } }]);
  });

  it('given a flagged post its author deleted, when an admin resolves, then only the flags are settled', () => {
    spec
      .given([...live, flagged('bob'), { type: 'ArticleDeleted', data: { at } }])
      .when(resolve('delete'))
      .then([resolved('delete', ['bob'])]);
  });

  it('given flags, when someone other than an admin resolves, then 403', () => {
    spec
      .given([...live, flagged('bob')])
      .when(resolve('dismiss', author))
      .thenThrows('forbidden');
  });

  it('given no open flags (none, or all resolved), when an admin resolves, then 409 (a second admin too)', () => {
    spec.given(live).when(resolve('dismiss')).thenThrows('conflict', FLAG_MESSAGES.nothingOpen);
    spec
      .given([...live, flagged('bob'), resolved('hide', ['bob'])])
      .when(resolve('dismiss'))
      .thenThrows('conflict', FLAG_MESSAGES.nothingOpen);
  });

  it('given resolved flags, when new readers flag, then a new round opens and three new eligible flags hide again', () => {
    spec
      .given([...live, flagged('bob'), flagged('cy'), flagged('dee', true, true), hiddenByFlags, resolved('dismiss', ['bob', 'cy', 'dee'])])
      .when(flag(reader('eve')))
      .then([flagged('eve')]);
    spec
      .given([
        ...live,
        flagged('bob'),
        flagged('cy'),
        flagged('dee', true, true),
        hiddenByFlags,
        resolved('dismiss', ['bob', 'cy', 'dee']),
        { type: 'ArticleApproved', data: { at } },
        flagged('eve'),
        flagged('fay'),
      ])
      .when(flag(reader('gus')))
      .then([flagged('gus', true, true), hiddenByFlags]);
  });

  it('given an article, when flagged as another entity type, then 404', () => {
    spec
      .given(live)
      .when(flag(reader('bob'), seasoned, 2))
      .thenThrows('not_found');
  });
});

describe('flags on a comment (issue 27)', () => {
  const spec = deciderSpec(flaggableComment);
  const added = commentAdded({ id, postKind: 'question', postId: 7, content: '<p>hi</p>', at });

  it('given two eligible flags on a question comment, when a third reader flags, then the comment is unapproved', () => {
    spec
      .given([added, flagged('bob', true, false, 4), flagged('cy', true, false, 4)])
      .when(flag(reader('dee'), seasoned, 4))
      .then([flagged('dee', true, true, 4), { type: 'CommentUnapproved', data: { at, reason: 'flagged', postId: 7 } }]);
  });

  it('given a question comment, when flagged as an article comment, then 404', () => {
    spec
      .given([added])
      .when(flag(reader('bob'), seasoned, 3))
      .thenThrows('not_found', COMMENT_NOT_FOUND);
  });

  it('given a comment hidden by flags, when an admin dismisses, then it is approved again', () => {
    spec
      .given([
        added,
        flagged('bob', true, false, 4),
        flagged('cy', true, false, 4),
        flagged('dee', true, true, 4),
        { type: 'CommentUnapproved', data: { at, reason: 'flagged', postId: 7 } },
      ])
      .when(resolve('dismiss', admin, 4))
      .then([resolved('dismiss', ['bob', 'cy', 'dee'], 4), { type: 'CommentApproved', data: { at, postId: 7 } }]);
  });
});
