import { describeClient } from './describe-client';

describe('describeClient', () => {
  it('names the browser and the device of a user agent', () => {
    expect(describeClient('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toEqual(
      { browser: 'Chrome 120', device: 'Linux (desktop)' },
    );
    expect(
      describeClient(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ browser: 'Safari 17', device: expect.stringContaining('iOS') });
  });

  it('says so when there is nothing to tell, and falls back to the raw agent of a script', () => {
    expect(describeClient('')).toEqual({ browser: 'Unknown browser', device: 'Unknown device' });
    expect(describeClient('curl/8.5.0').browser).toBe('curl/8.5.0');
  });
});
