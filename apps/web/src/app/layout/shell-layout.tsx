import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AdBanner } from '@/components/ad-banner';
import { LoadingOverlay } from '@/components/loading-overlay';
import { Footer } from '@/app/layout/footer';
import { Navbar } from '@/app/layout/navbar';

/** Navbar, page, ad slot and footer around every route (SPEC §2 Shell). */
export function ShellLayout() {
  return (
    <div className="shell">
      <Navbar />
      <main className="page">
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
