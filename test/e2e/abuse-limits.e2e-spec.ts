import { COMMENT_MESSAGES } from '@app/contracts';
import IORedis from 'ioredis';
import type { Response } from 'supertest';
import { bearer, signUp, type TestUser } from '../support/accounts';
import { uploadFile } from '../support/files';
import { mailSettled } from '../support/mail-settled';
import { countMailTo, waitForMailTo } from '../support/mailbox';
import { articleBody, createPost, questionBody } from '../support/posts';
import { startTestApp, type TestApp } from '../support/test-app';

const LINK_SENT = 'If email is valid, you will receive an email. Link will expire after 15mins.';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The defaults, except small post, like and upload limits (also proving RATE_LIMITS overrides apply). */
const RATE_LIMITS = 'post=3/1h,like=3/1m,upload=2/1h';

describe('abuse limits (RATE_LIMITS on, the clock injected)', () => {
  let now = new Date('2026-06-01T00:00:00.000Z').getTime();
  const clock = () => new Date(now);
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ clock, env: { RATE_LIMITS } });
  });
  afterAll(() => site.dispose());
  // Every test starts in fresh windows: all of them are an hour or shorter.
  beforeEach(() => (now += 2 * HOUR));

  const post = (path: string, body: object) => site.http().post(`/api/Account/${path}`).send(body);
  const expectLimited = (response: Response, message: string | RegExp, maxSeconds: number) => {
    expect(response.status).toBe(429);
    expect(response.body).toMatchObject({
      success: false,
      errorMessage: message instanceof RegExp ? expect.stringMatching(message) : message,
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  };

  it('signup: 10 an hour per client address, then 429 with Retry-After until the hour has passed', async () => {
    for (let index = 0; index < 10; index += 1) await signUp(site, `Signup ${index}`);
    const refused = await post('Signup', { Name: 'One Too Many', Email: 'too-many@example.com', Password: 'secret-pass1' });
    expectLimited(refused, 'Too many sign-ups from your address. Please try again in 60 minutes.', 3600);
    now += HOUR;
    await post('Signup', { Name: 'Later On', Email: 'later-on@example.com', Password: 'secret-pass1' }).expect(200);
  });

  it('login: parallel guesses are counted before the password is checked, 5 per e-mail in 15 minutes', async () => {
    const victim = await signUp(site, 'Guess Target');
    const guesses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => post('Login', { Email: victim.email, Password: `guess-${index}-pw`, RememberMe: false })),
    );
    expect(guesses.filter((response) => response.status === 401)).toHaveLength(5);
    const limited = guesses.filter((response) => response.status === 429);
    expect(limited).toHaveLength(15);
    for (const response of limited) expectLimited(response, /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/, 900);
    // Even the right password waits now; the window passes, and a success clears the e-mail's failures.
    expectLimited(await post('Login', { Email: victim.email, Password: victim.password, RememberMe: false }), /^Too many failed/, 900);
    now += 15 * MINUTE;
    await post('Login', { Email: victim.email, Password: 'wrong-again', RememberMe: false }).expect(401);
    await post('Login', { Email: victim.email, Password: victim.password, RememberMe: false }).expect(200);
    for (let index = 0; index < 5; index += 1)
      await post('Login', { Email: victim.email, Password: 'wrong-password', RememberMe: false }).expect(401);
  });

  it('login: guesses from other addresses do not lock the owner out of a device they logged in from (issue 23)', async () => {
    const owner = await signUp(site, 'Lockout Target');
    const from = (address: string, password: string, device?: string) => {
      const call = site.http().post('/api/Account/Login').set('X-Forwarded-For', address);
      return (device ? call.set('Cookie', device) : call).send({ Email: owner.email, Password: password, RememberMe: false });
    };
    const known = await from('203.0.113.7', owner.password).expect(200);
    const device = knownDeviceCookie(known);
    expect(device).toMatch(/^known_device=[\w.-]+$/);
    expect(String(known.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(known.headers['set-cookie'])).toMatch(/SameSite=Strict/i);
    // Five wrong passwords from each of many addresses: the e-mail is closed to new devices...
    for (let guess = 0; guess < 5; guess += 1) await from('198.51.100.1', `guess-${guess}-pw`).expect(401);
    for (let address = 2; address <= 4; address += 1) await from(`198.51.100.${address}`, 'guess-again-pw').expect(429);
    expectLimited(await from('198.51.100.99', owner.password), /^Too many failed/, 900);
    expectLimited(await from('203.0.113.7', owner.password), /^Too many failed/, 900);
    // ...not to the owner's known device, from their address or any other.
    await from('203.0.113.7', owner.password, device).expect(200);
    await from('192.0.2.50', owner.password, device).expect(200);
    // Another account's device token is no key to this e-mail.
    const stranger = await signUp(site, 'Token Stranger');
    const strangers = await site
      .http()
      .post('/api/Account/Login')
      .send({ Email: stranger.email, Password: stranger.password, RememberMe: false })
      .expect(200);
    expectLimited(await from('198.51.100.99', owner.password, knownDeviceCookie(strangers)), /^Too many failed/, 900);
    expectLimited(await from('198.51.100.99', owner.password, 'known_device=forged.4102444800.AAAA'), /^Too many failed/, 900);
  });

  it('login: 5 failures per e-mail and address, which hold a known device too, and 5 per known device', async () => {
    const owner = await signUp(site, 'Pair Target');
    const from = (address: string, password: string, device?: string) => {
      const call = site.http().post('/api/Account/Login').set('X-Forwarded-For', address);
      return (device ? call.set('Cookie', device) : call).send({ Email: owner.email, Password: password, RememberMe: false });
    };
    const device = knownDeviceCookie(await from('203.0.113.8', owner.password).expect(200));
    for (let guess = 0; guess < 5; guess += 1) await from('203.0.113.9', `guess-${guess}-pw`).expect(401);
    expectLimited(await from('203.0.113.9', owner.password, device), /^Too many failed/, 900);
    await from('203.0.113.8', owner.password, device).expect(200);
    // A known device's own failures: five, from anywhere (a stolen token buys no more).
    for (let guess = 0; guess < 5; guess += 1) await from(`192.0.2.${guess + 1}`, `guess-${guess}-pw`, device).expect(401);
    expectLimited(await from('203.0.113.8', owner.password, device), /^Too many failed/, 900);
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped IPv6 address as its IPv4 (issue 23)', async () => {
    const signUpFrom = (address: string, index: number) =>
      site
        .http()
        .post('/api/Account/Signup')
        .set('X-Forwarded-For', address)
        .send({ Name: `Sixty Four ${index}`, Email: `sixty-four-${index}@example.com`, Password: 'secret-pass1' });
    for (let index = 1; index <= 10; index += 1) await signUpFrom(`2001:db8:aa:bb::${index.toString(16)}`, index).expect(200);
    expectLimited(await signUpFrom('2001:db8:aa:bb:ffff:1:2:3', 11), /^Too many sign-ups/, 3600);
    await signUpFrom('2001:db8:aa:bc::1', 12).expect(200);
    for (let index = 13; index < 23; index += 1) await signUpFrom(index % 2 ? '198.51.100.77' : '::ffff:198.51.100.77', index).expect(200);
    expectLimited(await signUpFrom('198.51.100.77', 23), /^Too many sign-ups/, 3600);
  });

  it('login: 20 failures per client address in 15 minutes, across e-mails', async () => {
    for (let index = 0; index < 20; index += 1)
      await post('Login', { Email: `nobody-${index}@example.com`, Password: 'whatever1', RememberMe: false }).expect(401);
    expectLimited(
      await post('Login', { Email: 'nobody-new@example.com', Password: 'whatever1', RememberMe: false }),
      /^Too many failed/,
      900,
    );
  });

  it('forgot password: 3 reset e-mails an hour per address; past that the same answer and no mail', async () => {
    const user = await signUp(site, 'Mail Bomb Target');
    for (let index = 0; index < 20; index += 1) {
      const response = await post('ForgotPassword', { Email: user.email }).expect(200);
      expect(response.body).toMatchObject({ success: true, result: LINK_SENT });
      expect(response.headers['retry-after']).toBeUndefined();
    }
    // Unknown e-mails answer the same way, past the limit too.
    for (let index = 0; index < 5; index += 1)
      expect((await post('ForgotPassword', { Email: 'ghost@example.com' }).expect(200)).body.result).toBe(LINK_SENT);
    await waitForMailTo(site.dataDir, user.email, { subject: /reset/i });
    await mailSettled(site);
    // The signup's confirmation e-mail and three reset e-mails.
    expect(await countMailTo(site.dataDir, user.email)).toBe(4);
    now += HOUR;
    await post('ForgotPassword', { Email: user.email.toUpperCase() }).expect(200);
    await eventuallyCount(site, user.email, 5);
  });

  it('send confirmation link: 3 an hour per address, silently', async () => {
    const user = await signUp(site, 'Confirm Flood');
    await waitForMailTo(site.dataDir, user.email, { subject: /confirm/i });
    for (let index = 0; index < 8; index += 1)
      expect((await post('SendConfirmEmailLink', { Email: user.email }).expect(200)).body.result).toBe(LINK_SENT);
    await eventuallyCount(site, user.email, 4);
    await mailSettled(site);
    expect(await countMailTo(site.dataDir, user.email)).toBe(4);
  });

  describe('per account', () => {
    let author: TestUser;
    let other: TestUser;
    let articleId: number;
    beforeAll(async () => {
      now += 2 * HOUR;
      author = await signUp(site, 'Busy Author');
      other = await signUp(site, 'Other Member');
      articleId = await createPost(site, 'Article', other, articleBody({ isPublished: true }));
    });

    const addComment = (user: TestUser, body: Record<string, unknown> = { content: '<p>Quick</p>', articleID: articleId }) =>
      site.http().post('/api/ArticleComment').set(bearer(user)).send(body);

    it('comments: at most 9 in 30 seconds, the message of the SPEC; refused comments do not count', async () => {
      await addComment(author, { content: '<p>On nothing</p>', articleID: 999_999 }).expect(404);
      for (let index = 0; index < 9; index += 1) await addComment(author).expect(200);
      expectLimited(await addComment(author), COMMENT_MESSAGES.rateLimited, 30);
      await addComment(other).expect(200);
      now += 30_000;
      await addComment(author).expect(200);
    });

    it('posts: articles and questions together, per the configured limit (3 an hour here)', async () => {
      await createPost(site, 'Article', author, articleBody());
      await createPost(site, 'Question', author, questionBody());
      await site
        .http()
        .post('/api/Article')
        .set(bearer(author))
        .send(articleBody({ title: '' }))
        .expect(400);
      await createPost(site, 'Article', author, articleBody());
      const refused = await site.http().post('/api/Question').set(bearer(author)).send(questionBody());
      expectLimited(refused, 'You are posting too fast. Please try again in 60 minutes.', 3600);
      // Editing is not creating.
      await createPost(site, 'Article', other, articleBody());
    });

    it('likes: per the configured limit (3 a minute here)', async () => {
      const like = (isLiked: boolean) => site.http().put('/api/Article/Like').set(bearer(author)).send({ id: articleId, isLiked });
      await like(true).expect(200);
      await like(false).expect(200);
      await like(true).expect(200);
      expectLimited(await like(false), /^You are liking too fast\. Please try again in (\d+ seconds?|1 minute)\.$/, 60);
      now += MINUTE;
      await like(false).expect(200);
    });

    it('uploads: per the configured limit (2 an hour here)', async () => {
      const upload = () =>
        uploadFile(site, author, {
          AttachmentTypeId: 6,
          FileDisplayName: 'Screenshot',
          Instructions: 'What I see',
          ReferenceId: articleId,
        });
      await upload().expect(200);
      await upload().expect(200);
      expectLimited(await upload(), 'Too many uploads. Please try again in 60 minutes.', 3600);
    });
  });

  it('keeps the counters across API processes and a restart', async () => {
    const victim = await signUp(site, 'Restart Target');
    const second = await startTestApp({ dataDir: site.dataDir, clock, env: { RATE_LIMITS } });
    try {
      // Guesses spread over two API processes on one store count together.
      const guesses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          (index % 2 === 0 ? site : second)
            .http()
            .post('/api/Account/Login')
            .send({ Email: victim.email, Password: `guess-${index}-pw`, RememberMe: false }),
        ),
      );
      expect(guesses.filter((response) => response.status === 401)).toHaveLength(5);
    } finally {
      await second.close();
    }
    await site.close();
    site = await startTestApp({ dataDir: site.dataDir, clock, env: { RATE_LIMITS } });
    expectLimited(await post('Login', { Email: victim.email, Password: victim.password, RememberMe: false }), /^Too many failed/, 900);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  describe('abuse limits in Redis', () => it.todo('runs when TEST_REDIS_URL is set (npm test starts a Redis)'));
} else
  describe('abuse limits in Redis (REDIS_URL set)', () => {
    it('counts in Redis, across API processes and a restart', async () => {
      const first = await startTestApp({ env: { RATE_LIMITS: 'on', REDIS_URL: redisUrl } });
      const apps = [first, await startTestApp({ dataDir: first.dataDir, env: { RATE_LIMITS: 'on', REDIS_URL: redisUrl } })];
      try {
        const victim = await signUp(first, 'Redis Target');
        const guesses = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            apps[index % 2]
              .http()
              .post('/api/Account/Login')
              .send({ Email: victim.email, Password: `guess-${index}-pw`, RememberMe: false }),
          ),
        );
        expect(guesses.filter((response) => response.status === 401)).toHaveLength(5);
        expect(guesses.filter((response) => response.status === 429)).toHaveLength(7);
        const redis = new IORedis(redisUrl);
        try {
          expect((await redis.keys('rate-limits:login-email:*')).length).toBeGreaterThan(0);
        } finally {
          await redis.quit();
        }
        await apps[1].close();
        await first.close();
        apps.splice(0, 2, await startTestApp({ dataDir: first.dataDir, env: { RATE_LIMITS: 'on', REDIS_URL: redisUrl } }));
        const refused = await apps[0]
          .http()
          .post('/api/Account/Login')
          .send({ Email: victim.email, Password: victim.password, RememberMe: false });
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        for (const app of apps) await app.close();
        await first.dispose();
      }
    });
  });

describe('RATE_LIMITS=off', () => {
  let site: TestApp;
  beforeAll(async () => {
    site = await startTestApp({ env: { RATE_LIMITS: 'off' } });
  });
  afterAll(() => site.dispose());

  it('limits nothing (benchmarks and seeding scripts)', async () => {
    const user = await signUp(site, 'Seeder');
    for (let index = 0; index < 12; index += 1)
      await site.http().post('/api/Account/Login').send({ Email: user.email, Password: 'wrong-password', RememberMe: false }).expect(401);
    for (let index = 0; index < 12; index += 1) await signUp(site, `Seeded ${index}`);
  });
});

describe('TRUST_PROXY (issue 23)', () => {
  let site: TestApp;
  beforeAll(async () => {
    // Only a proxy at 192.0.2.1 is believed: the tests' requests come from loopback, whose X-Forwarded-For is ignored now.
    site = await startTestApp({ env: { RATE_LIMITS: 'signup=2/1h', TRUST_PROXY: '192.0.2.1' } });
  });
  afterAll(() => site.dispose());

  it('believes X-Forwarded-For only from the proxies it names', async () => {
    const signUpFrom = (address: string, index: number) =>
      site
        .http()
        .post('/api/Account/Signup')
        .set('X-Forwarded-For', address)
        .send({ Name: `Proxied ${index}`, Email: `proxied-${index}@example.com`, Password: 'secret-pass1' });
    await signUpFrom('198.51.100.1', 1).expect(200);
    await signUpFrom('198.51.100.2', 2).expect(200);
    await signUpFrom('198.51.100.3', 3).expect(429);
  });
});

/** The known-device cookie a successful login sets, as a Cookie header value. */
function knownDeviceCookie(response: Response): string {
  const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return cookies.find((cookie) => cookie.startsWith('known_device='))?.split(';')[0] ?? '';
}

async function eventuallyCount(site: TestApp, to: string, expected: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await countMailTo(site.dataDir, to)) < expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await countMailTo(site.dataDir, to)).toBe(expected);
}
