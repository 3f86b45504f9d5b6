import { commentNotificationMail } from './comment-notification-mails';
import { confirmEmailMail, resetPasswordMail } from './account-mails';

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

  it('do so in the account mails too', () => {
    for (const build of [confirmEmailMail, resetPasswordMail]) {
      const mail = build({ to: 'ada@example.com', name: phishing, link: 'https://devcommunity.example/x' });
      expect(mail.text.split('\n')[0]).toBe('Hello Ada Your password expired. Log in at https://evil.example/login,');
    }
  });
});
