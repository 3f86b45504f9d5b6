import Bowser from 'bowser';

/** 'Chrome 120' on 'Linux (desktop)' from a user agent; what Settings shows of a session's browser and device. */
export function describeClient(userAgent: string): { browser: string; device: string } {
  if (!userAgent.trim()) return { browser: 'Unknown browser', device: 'Unknown device' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : userAgent.slice(0, 40);
  const os = [parsed.os.name, parsed.os.versionName].filter(Boolean).join(' ');
  const device = [os || 'Unknown device', parsed.platform.type ? `(${parsed.platform.type})` : ''].filter(Boolean).join(' ');
  return { browser, device };
}
