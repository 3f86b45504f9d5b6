import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AdminPage } from '../features/admin/admin-page';
import { ArticleSubmitPage } from '../features/articles/article-submit-page';
import { ArticleViewPage } from '../features/articles/article-view-page';
import { ConfirmEmailPage } from '../features/auth/confirm-email-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { LoginPage } from '../features/auth/login-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SendConfirmationLinkPage } from '../features/auth/send-confirmation-link-page';
import { UploadDocumentsPage } from '../features/documents/upload-documents-page';
import { HomePage } from '../features/home/home-page';
import { ProfilePage } from '../features/profile/profile-page';
import { QuestionAskPage } from '../features/questions/question-ask-page';
import { QuestionViewPage } from '../features/questions/question-view-page';
import { SearchPage } from '../features/search/search-page';
import { AboutMePage } from '../features/static-pages/about-me-page';
import { AboutSitePage } from '../features/static-pages/about-site-page';
import { ContactMePage } from '../features/static-pages/contact-me-page';
import { PrivacyPage } from '../features/static-pages/privacy-page';
import { WriteForUsPage } from '../features/static-pages/write-for-us-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { SubmitIdRedirect } from './submit-id-redirect';

/** SPEC §2 route table; any unknown path shows Home. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'forgotpassword', element: <ForgotPasswordPage /> },
      { path: 'resetpassword', element: <ResetPasswordPage /> },
      { path: 'sendemailconfirmationlink', element: <SendConfirmationLinkPage /> },
      { path: 'confirmemail', element: <ConfirmEmailPage /> },
      { path: 'article/submit', element: <ArticleSubmitPage /> },
      { path: 'article/submit/:id', element: <SubmitIdRedirect to="/article/submit" /> },
      { path: 'question/ask', element: <QuestionAskPage /> },
      { path: 'question/ask/:id', element: <SubmitIdRedirect to="/question/ask" /> },
      { path: 'article/:id/:title?', element: <ArticleViewPage /> },
      { path: 'question/:id/:title?', element: <QuestionViewPage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'profile/:userName', element: <ProfilePage /> },
      { path: 'admin', element: <AdminPage /> },
      { path: 'about-site', element: <AboutSitePage /> },
      { path: 'about-me', element: <AboutMePage /> },
      { path: 'contact-me', element: <ContactMePage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'write-for-us', element: <WriteForUsPage /> },
      { path: 'documents/upload', element: <UploadDocumentsPage /> },
      { path: '*', element: <HomePage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
