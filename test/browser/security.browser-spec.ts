import { useBrowserSite, VISIBLE } from '../support/browser-site';

jest.setTimeout(60_000);

const site = useBrowserSite();

/** The SPA runs under the site's Content-Security-Policy; every browser spec fails on a violation. */
describe('Content-Security-Policy in the browser', () => {
  it('serves the SPA with the policy, and the SPA runs under it', async () => {
    const response = await site.page.goto('/');
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await site.page.getByRole('heading', { name: 'Latest Articles' }).waitFor(VISIBLE);
    expect(site.takeCspViolations()).toEqual([]);
  });

  it('refuses an injected inline script and reports it', async () => {
    await site.page.goto('/');
    await site.page.getByRole('heading', { name: 'Latest Articles' }).waitFor(VISIBLE);
    const ran = await site.page.evaluate(`(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return window.__injected === true;
    })()`);
    expect(ran).toBe(false);
    const violations = site.takeCspViolations();
    expect(violations.some((violation) => /script-src/.test(violation))).toBe(true);
  });

  it('cannot be framed by another page', async () => {
    await site.page.goto('/');
    // Same origin, so the frame's document would be readable if it loaded: it must stay empty.
    const framed = await site.page.evaluate(`(async () => {
      const frame = document.createElement('iframe');
      frame.src = '/';
      document.body.appendChild(frame);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return Boolean(frame.contentDocument && frame.contentDocument.querySelector('#root'));
    })()`);
    expect(framed).toBe(false);
    // The refusal to frame is a violation on purpose here.
    site.takeCspViolations();
  });
});
