import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from '@/app/navigation/route-error-boundary';
import { RootLayout } from '@/app/root-layout';
import { paths } from '@/config/paths';

type PageComponent<Props extends object> = LazyExoticComponent<ComponentType<Props>> & { preload: () => Promise<unknown> };

/**
 * A page loaded when its route is first opened (its own chunk, so the shell every route loads
 * first carries no page); the shell's Suspense keeps the page area empty meanwhile. A page
 * preloaded before its first render (`preloadPageOf`) renders at once, without suspending: React's
 * `lazy` takes a module its loader hands over synchronously (a thenable that calls back at once).
 */
function page<Props extends object>(load: () => Promise<ComponentType<Props>>): PageComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  const preload = async () => (loaded ??= await load());
  const component = lazy(() => {
    if (!loaded) return preload().then((module) => ({ default: module }));
    const module = { default: loaded };
    return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
  });
  return Object.assign(component, { preload });
}

const HomeRoute = page(async () => (await import('@/app/routes/home-route')).HomeRoute);
const LoginPage = page(async () => (await import('@/features/auth/login-page')).LoginPage);
const ExternalSignInPage = page(async () => (await import('@/features/auth/external-sign-in-page')).ExternalSignInPage);
const ForgotPasswordPage = page(async () => (await import('@/features/auth/forgot-password-page')).ForgotPasswordPage);
const ResetPasswordPage = page(async () => (await import('@/features/auth/reset-password-page')).ResetPasswordPage);
const SendConfirmationLinkPage = page(async () => (await import('@/features/auth/send-confirmation-link-page')).SendConfirmationLinkPage);
const ConfirmEmailPage = page(async () => (await import('@/features/auth/confirm-email-page')).ConfirmEmailPage);
const PostEditorPage = page(async () => (await import('@/features/posts/post-editor-page')).PostEditorPage);
const SubmitIdRedirect = page(async () => (await import('@/app/submit-id-redirect')).SubmitIdRedirect);
const PostViewRoute = page(async () => (await import('@/app/routes/post-view-route')).PostViewRoute);
const PostHistoryPage = page(async () => (await import('@/features/posts/post-history-page')).PostHistoryPage);
const SearchPage = page(async () => (await import('@/features/search/search-page')).SearchPage);
const ProfileRoute = page(async () => (await import('@/app/routes/profile-route')).ProfileRoute);
const AdminRoute = page(async () => (await import('@/app/routes/admin-route')).AdminRoute);
const ModerationTrailPage = page(async () => (await import('@/features/admin/moderation-trail-page')).ModerationTrailPage);
const AboutSitePage = page(async () => (await import('@/features/static-pages/about-site-page')).AboutSitePage);
const AboutMePage = page(async () => (await import('@/features/static-pages/about-me-page')).AboutMePage);
const ContactMePage = page(async () => (await import('@/features/static-pages/contact-me-page')).ContactMePage);
const PrivacyPage = page(async () => (await import('@/features/static-pages/privacy-page')).PrivacyPage);
const WriteForUsPage = page(async () => (await import('@/features/static-pages/write-for-us-page')).WriteForUsPage);
const NotificationsPage = page(async () => (await import('@/features/notifications/notifications-page')).NotificationsPage);
const TagRoute = page(async () => (await import('@/app/routes/tag-route')).TagRoute);
const ReadingListPage = page(async () => (await import('@/features/reading-list/reading-list-page')).ReadingListPage);
const UploadDocumentsPage = page(async () => (await import('@/features/documents/upload-documents-page')).UploadDocumentsPage);

/** SPEC §2 route table; any unknown path shows Home. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: paths.auth.login.path, element: <LoginPage /> },
      { path: paths.auth.external.path, element: <ExternalSignInPage /> },
      { path: paths.auth.forgotPassword.path, element: <ForgotPasswordPage /> },
      { path: paths.auth.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.auth.sendConfirmationLink.path, element: <SendConfirmationLinkPage /> },
      { path: paths.auth.confirmEmail.path, element: <ConfirmEmailPage /> },
      { path: paths.article.submit.path, element: <PostEditorPage kind="article" /> },
      { path: paths.article.submitWithId.path, element: <SubmitIdRedirect kind="article" /> },
      { path: paths.question.submit.path, element: <PostEditorPage kind="question" /> },
      { path: paths.question.submitWithId.path, element: <SubmitIdRedirect kind="question" /> },
      { path: paths.article.view.path, element: <PostViewRoute kind="article" /> },
      { path: paths.question.view.path, element: <PostViewRoute kind="question" /> },
      { path: paths.article.history.path, element: <PostHistoryPage kind="article" /> },
      { path: paths.question.history.path, element: <PostHistoryPage kind="question" /> },
      { path: paths.search.path, element: <SearchPage /> },
      { path: paths.profile.path, element: <ProfileRoute /> },
      { path: paths.admin.path, element: <AdminRoute /> },
      { path: paths.moderationTrail.path, element: <ModerationTrailPage /> },
      { path: paths.aboutSite.path, element: <AboutSitePage /> },
      { path: paths.aboutMe.path, element: <AboutMePage /> },
      { path: paths.contactMe.path, element: <ContactMePage /> },
      { path: paths.privacy.path, element: <PrivacyPage /> },
      { path: paths.writeForUs.path, element: <WriteForUsPage /> },
      { path: paths.uploadDocuments.path, element: <UploadDocumentsPage /> },
      { path: paths.readingList.path, element: <ReadingListPage /> },
      { path: paths.tag.path, element: <TagRoute /> },
      { path: paths.notifications.path, element: <NotificationsPage /> },
      { path: '*', element: <HomeRoute /> },
    ],
  },
];

/**
 * Loads the chunks of the pages `pathname` shows, so that a first render draws them at once: the
 * server painted the page (apps/web/src/server-paint.tsx), and the SPA's first render replaces
 * that markup with its own in one commit, without an empty page area in between.
 */
export async function preloadPageOf(pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).map(({ route }) => {
    const type: unknown = (route.element as { type?: unknown } | undefined)?.type;
    return typeof type === 'object' && type !== null && 'preload' in type ? (type as PageComponent<object>).preload() : Promise.resolve();
  });
  await Promise.all(pages);
}

/**
 * The pages of `routes` for the address on screen. A declarative router (no loaders, actions or
 * fetchers to run): the data router's code was 17 KB gzip of every first screen (issue 25);
 * lib/navigation and app/navigation do the little the site took from it (the blocker, scroll
 * restoration, the root's error element).
 */
export function AppRoutes() {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{useRoutes(routes)}</RouteErrorBoundary>;
}
