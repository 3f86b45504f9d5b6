import { DomainError } from '@app/domain';
import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  let now = 0;
  const throttle = () => new LoginThrottle(() => now);

  beforeEach(() => (now = 1_000_000));

  it('refuses an e-mail after five failures, with a clear message, until the window passes', () => {
    const subject = throttle();
    for (let i = 0; i < 5; i += 1) {
      subject.assertAllowed('a@b.com', '1.1.1.1');
      subject.recordFailure('a@b.com', '1.1.1.1');
    }
    expect(() => subject.assertAllowed('a@b.com', '2.2.2.2')).toThrow('Too many failed login attempts. Please try again in 15 minutes.');
    expect(() => subject.assertAllowed('other@b.com', '1.1.1.1')).not.toThrow();
    now += 15 * 60 * 1000;
    expect(() => subject.assertAllowed('a@b.com', '1.1.1.1')).not.toThrow();
  });

  it('refuses an IP after twenty failures across e-mails', () => {
    const subject = throttle();
    for (let i = 0; i < 20; i += 1) subject.recordFailure(`user${i}@b.com`, '9.9.9.9');
    let error: unknown;
    try {
      subject.assertAllowed('new@b.com', '9.9.9.9');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('rate_limited');
  });

  it('forgets the e-mail failures after a successful login', () => {
    const subject = throttle();
    for (let i = 0; i < 4; i += 1) subject.recordFailure('a@b.com', '1.1.1.1');
    subject.recordSuccess('a@b.com');
    subject.recordFailure('a@b.com', '1.1.1.1');
    expect(() => subject.assertAllowed('a@b.com', '1.1.1.1')).not.toThrow();
  });
});
