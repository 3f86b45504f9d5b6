import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ScrollRestoration } from '@/app/navigation/scroll-restoration';
import { AdBanner } from '@/components/ad-banner';
import { LoadingOverlay } from '@/components/loading-overlay';
import { Footer } from '@/app/layout/footer';
import { Navbar } from '@/app/layout/navbar';
import { SignupNotice } from '@/features/auth/components/signup-notice';
import { EmailNotConfirmedPrompt } from '@/features/auth/components/email-not-confirmed-prompt';

/**
 * The first tab stop: past the navbar to the page. It moves focus itself rather than following
 * `#main`, so the router sees no navigation.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById('main');
        main?.focus();
        main?.scrollIntoView();
      }}
    >
      Skip to content
    </a>
  );
}

/** Navbar, page, ad slot and footer around every route (SPEC §2 Shell). */
export function ShellLayout() {
  return (
    <div className="shell">
      <SkipLink />
      <Navbar />
      <main id="main" className="page" tabIndex={-1}>
        <SignupNotice />
        {/* A page's chunk is loading: the page area stays empty (no spinner to jump about). */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <AdBanner />
      <Footer />
      <LoadingOverlay />
      <EmailNotConfirmedPrompt />
      <ScrollRestoration />
    </div>
  );
}
