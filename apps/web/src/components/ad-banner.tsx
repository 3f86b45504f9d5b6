import { useEffect, useState } from 'react';

export const AD_BANNER_DELAY_MS = 3000;

/**
 * The advertisement slot (SPEC §1, §9). It keeps its space from the first paint and is only
 * initialised after 3 s, so ads never compete with the page's own content and requests.
 */
export function AdBanner() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), AD_BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <aside className="ad-banner" aria-label="Advertisement" data-ready={ready}>
      {ready && <span className="ad-banner-label">Advertisement</span>}
    </aside>
  );
}
