import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AdBanner } from '@/components/ad-banner';
import { LoadingOverlay } from '@/components/loading-overlay';
import { Footer } from '@/app/layout/footer';
import { Navbar } from '@/app/layout/navbar';
import { SignupNotice } from '@/features/auth/components/signup-notice';

/** Navbar, page, ad slot and footer around every route (SPEC §2 Shell). */
export function ShellLayout() {
  return (
    <div className="shell">
      <Navbar />
      <main className="page">
        <SignupNotice />
        {/* A page's chunk is loading: the page area stays empty (no spinner to jump about). */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <AdBanner />
      <Footer />
      <LoadingOverlay />
      <ScrollRestoration />
    </div>
  );
}
