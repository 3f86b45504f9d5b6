import {
  answerAcceptedMail,
  commentNotificationMail,
  flagResolvedMail,
  followNotificationMail,
  likeNotificationMail,
  moderationMail,
  postNotificationMail,
} from './comment-notification-mails';
import { confirmEmailMail, newSessionMail, resetPasswordMail, signInMethodRemovedMail } from './account-mails';

const phishing = 'Ada\n\nYour password expired. Log in at https://evil.example/login\n\n';

describe('notification mails', () => {
  it('put names and titles on one line, without control or bidi characters', () => {
    const mail = commentNotificationMail({
      to: 'ada@example.com',
      name: phishing,
      commenter: 'Mallory\r\nSupport team:\u202E',
      kind: 'comment',
      postLabel: 'article',
      postTitle: 'Generics\n\nURGENT: verify your account',
      commentLink: 'https://devcommunity.example/article/1#comment-2',
      unsubscribeLink: 'https://devcommunity.example/unsubscribe?x=1',
    });
    for (const part of [mail.subject, mail.text, mail.html ?? '']) {
      expect(part).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
      expect(part).not.toContain('\n\nYour password expired');
      expect(part).not.toContain('\n\nURGENT');
    }
    expect(mail.subject).toBe('New comment on your article "Generics URGENT: verify your account"');
    expect(mail.text.split('\n').slice(0, 3)).toEqual([
      'Hello Ada Your password expired. Log in at https://evil.example/login,',
      '',
      'Mallory Support team: commented on your article "Generics URGENT: verify your account".',
    ]);
  });

  it('say what happened per kind, each with its own one-click unsubscribe (RFC 8058) and wording', () => {
    const base = { to: 'ada@example.com', name: 'Ada', commenter: 'Bob', postLabel: 'question' as const, postTitle: 'Threads' };
    const link = 'https://devcommunity.example/question/5#comment-9';
    const unsubscribe = (kind: string) => `https://devcommunity.example/api/Account/Unsubscribe?uname=a&kind=${kind}&hash=h`;
    const cases = [
      ['comment', 'New comment on your question "Threads"', 'Bob commented on your question "Threads".', 'comments on your posts'],
      [
        'reply',
        'New reply to your comment on "Threads"',
        'Bob replied to your comment on the question "Threads".',
        'replies to your comments',
      ],
      ['mention', 'Bob mentioned you on "Threads"', 'Bob mentioned you in a comment on the question "Threads".', 'mentions of you'],
    ] as const;
    for (const [kind, subject, what, stops] of cases) {
      const mail = commentNotificationMail({ ...base, kind, commentLink: link, unsubscribeLink: unsubscribe(kind) });
      expect(mail.subject).toBe(subject);
      expect(mail.text).toBe(
        `Hello Ada,\n\n${what}\nRead it here:\n${link}\n\nTo stop e-mails about ${stops}, open this link:\n${unsubscribe(kind)}\n\nThe DevCommunity team`,
      );
      expect(mail.html).toContain(`<a href="${unsubscribe(kind).replace(/&/g, '&#38;')}">Stop e-mails about ${stops}</a>`);
      expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe(kind)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    }
    const follow = followNotificationMail({
      to: 'ada@example.com',
      name: 'Ada',
      follower: 'Eve <script>',
      profileLink: 'https://devcommunity.example/profile/eve',
      unsubscribeLink: unsubscribe('follow'),
    });
    expect(follow.subject).toBe('Eve <script> is now following you');
    expect(follow.text).toContain('See their profile:\nhttps://devcommunity.example/profile/eve\n\nTo stop e-mails about new followers');
    expect(follow.html).toContain('Eve &#60;script&#62; is now following you.');
    expect(follow.html).not.toContain('<script>');
    expect(follow.headers?.['List-Unsubscribe']).toBe(`<${unsubscribe('follow')}>`);
  });

  describe('of answers, flags and moderation', () => {
    const unsubscribe = (kind: string) => `https://devcommunity.example/api/Account/Unsubscribe?uname=a&kind=${kind}&hash=h`;
    const link = 'https://devcommunity.example/question/5#comment-9';
    const letter = (what: string, lead: string | null, kind: string, stops: string) =>
      `Hello Ada,\n\n${what}\n${lead ? `${lead}:\n${link}\n` : ''}\nTo stop e-mails about ${stops}, open this link:\n${unsubscribe(kind)}\n\nThe DevCommunity team`;
    const expectUnsubscribe = (mail: { headers?: Record<string, string>; html?: string }, kind: string, stops: string) => {
      expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe(kind)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(mail.html).toContain(`<a href="${unsubscribe(kind).replace(/&/g, '&#38;')}">Stop e-mails about ${stops}</a>`);
    };

    it('tell an answer’s author it was accepted, by whom, with a link to it', () => {
      const mail = answerAcceptedMail({
        to: 'ada@example.com',
        name: 'Ada',
        accepter: 'Asa\n\nURGENT',
        postTitle: 'Threads <b>',
        commentLink: link,
        unsubscribeLink: unsubscribe('answer-accepted'),
      });
      expect(mail.subject).toBe('Your answer on "Threads <b>" was accepted');
      expect(mail.text).toBe(
        letter(
          'Asa URGENT accepted your answer on the question "Threads <b>".',
          'Read it here',
          'answer-accepted',
          'your accepted answers',
        ),
      );
      expect(mail.html).toContain('&#60;b&#62;');
      expectUnsubscribe(mail, 'answer-accepted', 'your accepted answers');
    });

    it('tell a flagger what the admin did, linking the item only when it stayed visible', () => {
      const item = { isComment: true, postLabel: 'question' as const, postTitle: 'Threads' };
      const base = { to: 'ada@example.com', name: 'Ada', item, unsubscribeLink: unsubscribe('flag-resolved') };
      const kept = flagResolvedMail({ ...base, outcome: 'dismiss', itemLink: link });
      expect(kept.subject).toBe('What you flagged was reviewed: kept it');
      expect(kept.text).toBe(
        letter(
          'An admin reviewed the comment on the question "Threads" you flagged and kept it.',
          'See it here',
          'flag-resolved',
          'reviews of what you flagged',
        ),
      );
      expectUnsubscribe(kept, 'flag-resolved', 'reviews of what you flagged');
      const deleted = flagResolvedMail({ ...base, item: { ...item, isComment: false }, outcome: 'delete', itemLink: null });
      expect(deleted.text).toBe(
        letter(
          'An admin reviewed the question "Threads" you flagged and deleted it.',
          null,
          'flag-resolved',
          'reviews of what you flagged',
        ),
      );
      expect(deleted.html).not.toContain('See it');
      expect(flagResolvedMail({ ...base, outcome: 'hide', itemLink: null }).subject).toBe('What you flagged was reviewed: hid it');
    });

    it('tell an author an admin approved, unapproved or deleted their post or comment', () => {
      const base = { to: 'ada@example.com', name: 'Ada', unsubscribeLink: unsubscribe('moderation') };
      const stops = 'moderation of your posts and comments';
      const unapproved = moderationMail({
        ...base,
        item: { isComment: false, postLabel: 'article', postTitle: 'Generics' },
        action: 'unapproved',
        itemLink: link,
      });
      expect(unapproved.subject).toBe('An admin unapproved your article "Generics"');
      expect(unapproved.text).toBe(letter('An admin unapproved your article "Generics".', 'See it here', 'moderation', stops));
      expectUnsubscribe(unapproved, 'moderation', stops);
      const deleted = moderationMail({
        ...base,
        item: { isComment: true, postLabel: 'question', postTitle: 'Threads' },
        action: 'deleted',
        itemLink: link,
      });
      expect(deleted.subject).toBe('An admin deleted your comment on the question "Threads"');
      expect(deleted.html).toContain('See the post</a>');
    });
  });

  it('tell of a like and of a followed person’s or tag’s new post, on one line, each with its own unsubscribe', () => {
    const unsubscribe = (kind: string) => `https://devcommunity.example/api/Account/Unsubscribe?uname=a&kind=${kind}&hash=h`;
    const like = likeNotificationMail({
      to: 'ada@example.com',
      name: 'Ada',
      liker: 'Bob\n\nURGENT',
      item: { isComment: true, postLabel: 'question', postTitle: 'Threads' },
      itemLink: 'https://devcommunity.example/question/5#comment-9',
      unsubscribeLink: unsubscribe('like'),
    });
    expect(like.subject).toBe('Bob URGENT liked your comment on the question "Threads"');
    expect(like.text).toContain('Bob URGENT liked your comment on the question "Threads". Your notifications show everyone who liked it.');
    expect(like.text).toContain('To stop e-mails about likes of your posts and comments, open this link');
    expect(like.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe('like')}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    const base = {
      to: 'ada@example.com',
      name: 'Ada',
      author: 'Eve <b>',
      postLabel: 'article' as const,
      postTitle: 'Generics',
      postLink: 'https://devcommunity.example/article/3',
      unsubscribeLink: unsubscribe('post'),
    };
    const post = postNotificationMail({ ...base, followed: { kind: 'user' } });
    expect(post.subject).toBe('New article by Eve <b>: "Generics"');
    expect(post.text).toContain('Eve <b> published the article "Generics" (you hear of it because you follow Eve <b>).');
    expect(post.html).toContain('Eve &#60;b&#62;');
    expect(post.text).toContain('To stop e-mails about new posts by people and tags you follow, open this link');
    expect(postNotificationMail({ ...base, followed: { kind: 'tag', subTag: 'csharp' } }).text).toContain(
      'because you follow the tag csharp',
    );
  });

  it('do so in the account mails too', () => {
    for (const build of [confirmEmailMail, resetPasswordMail]) {
      const mail = build({ to: 'ada@example.com', name: phishing, link: 'https://devcommunity.example/x' });
      expect(mail.text.split('\n')[0]).toBe('Hello Ada Your password expired. Log in at https://evil.example/login,');
    }
  });

  it('do so in the sign-in notices, whose browser, address and token name come from the client', () => {
    const session = newSessionMail({
      to: 'ada@example.com',
      name: 'Ada',
      at: 'Mon, 01 Jun 2026 09:10:00 GMT',
      browser: 'Evil\n\nURGENT: log in at https://evil.example',
      device: 'Linux (desktop)',
      address: '203.0.113.9',
    });
    expect(session.subject).toBe('New sign-in to your account');
    expect(session.text.split('\n')[2]).toBe(
      'Your account was signed in to on Mon, 01 Jun 2026 09:10:00 GMT with Evil URGENT: log in at https://evil.example on Linux (desktop), from the address 203.0.113.9.',
    );
    const token = signInMethodRemovedMail({
      to: 'ada@example.com',
      name: 'Ada',
      at: 'then',
      method: 'a personal API token ("<b>bot</b>")',
    });
    expect(token.html).toContain('a personal API token (&#34;&#60;b&#62;bot&#60;/b&#62;&#34;)');
  });
});
