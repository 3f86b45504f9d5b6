import { PageHeading } from '@/components/page-heading';
import { RequireLogin } from '@/components/require-login';
import { useAuth } from '@/lib/auth-context';
import { ModerationPostList } from '@/features/admin/components/moderation-post-list';
import { RecentModeration } from '@/features/admin/components/recent-moderation';
import { UploadedDocuments } from '@/features/admin/components/uploaded-documents';
import './admin.css';

/** Admin Panel (SPEC §2, §6): every post with approve/unapprove and delete, the recent moderation activity and the documents users uploaded. Admins only. */
export function AdminPage() {
  return (
    <RequireLogin>
      <AdminOnly />
    </RequireLogin>
  );
}

function AdminOnly() {
  const { isAdmin } = useAuth();
  if (!isAdmin) {
    return (
      <div className="card">
        <PageHeading title="Admin Panel" />
        <p className="notice" role="alert">
          Only admins can see this page.
        </p>
      </div>
    );
  }
  return <AdminPanel />;
}

function AdminPanel() {
  return (
    <div className="admin-panel">
      <PageHeading title="Admin Panel" />
      <div className="admin-panel-grid">
        <ModerationPostList />
        <RecentModeration />
      </div>
      <UploadedDocuments />
    </div>
  );
}
