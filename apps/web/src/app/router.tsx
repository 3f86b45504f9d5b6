import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { ArticleSubmitPage } from '@/features/posts/article-submit-page';
import { ConfirmEmailPage } from '@/features/auth/confirm-email-page';
import { ForgotPasswordPage } from '@/features/auth/forgot-password-page';
import { LoginPage } from '@/features/auth/login-page';
import { ResetPasswordPage } from '@/features/auth/reset-password-page';
import { SendConfirmationLinkPage } from '@/features/auth/send-confirmation-link-page';
import { UploadDocumentsPage } from '@/features/documents/upload-documents-page';
import { HomePage } from '@/features/home/home-page';
import { PostHistoryPage } from '@/features/posts/post-history-page';
import { QuestionAskPage } from '@/features/posts/question-ask-page';
import { SearchPage } from '@/features/search/search-page';
import { AboutMePage } from '@/features/static-pages/about-me-page';
import { AboutSitePage } from '@/features/static-pages/about-site-page';
import { ContactMePage } from '@/features/static-pages/contact-me-page';
import { PrivacyPage } from '@/features/static-pages/privacy-page';
import { WriteForUsPage } from '@/features/static-pages/write-for-us-page';
import { AdminRoute } from '@/app/routes/admin-route';
import { PostViewRoute } from '@/app/routes/post-view-route';
import { ProfileRoute } from '@/app/routes/profile-route';
import { RootLayout } from '@/app/root-layout';
import { RouteError } from '@/app/route-error';
import { SubmitIdRedirect } from '@/app/submit-id-redirect';
import { paths } from '@/config/paths';

/** SPEC §2 route table; any unknown path shows Home. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.auth.login.path, element: <LoginPage /> },
      { path: paths.auth.forgotPassword.path, element: <ForgotPasswordPage /> },
      { path: paths.auth.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.auth.sendConfirmationLink.path, element: <SendConfirmationLinkPage /> },
      { path: paths.auth.confirmEmail.path, element: <ConfirmEmailPage /> },
      { path: paths.article.submit.path, element: <ArticleSubmitPage /> },
      { path: paths.article.submitWithId.path, element: <SubmitIdRedirect kind="article" /> },
      { path: paths.question.submit.path, element: <QuestionAskPage /> },
      { path: paths.question.submitWithId.path, element: <SubmitIdRedirect kind="question" /> },
      { path: paths.article.view.path, element: <PostViewRoute kind="article" /> },
      { path: paths.question.view.path, element: <PostViewRoute kind="question" /> },
      { path: paths.article.history.path, element: <PostHistoryPage kind="article" /> },
      { path: paths.question.history.path, element: <PostHistoryPage kind="question" /> },
      { path: paths.search.path, element: <SearchPage /> },
      { path: paths.profile.path, element: <ProfileRoute /> },
      { path: paths.admin.path, element: <AdminRoute /> },
      { path: paths.aboutSite.path, element: <AboutSitePage /> },
      { path: paths.aboutMe.path, element: <AboutMePage /> },
      { path: paths.contactMe.path, element: <ContactMePage /> },
      { path: paths.privacy.path, element: <PrivacyPage /> },
      { path: paths.writeForUs.path, element: <WriteForUsPage /> },
      { path: paths.uploadDocuments.path, element: <UploadDocumentsPage /> },
      { path: '*', element: <HomePage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
