import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '@/components/page-heading';
import { RequireAdmin } from '@/components/require-admin';
import { TabBar } from '@/components/tab-bar';
import { getRecentModerationQueryOptions } from '@/features/admin/api/get-recent-moderation';
import { RecentModeration } from '@/features/admin/components/recent-moderation';
import { ReviewQueue } from '@/features/admin/components/review-queue';
import { SystemStatusCard } from '@/features/admin/components/system-status';
import { UploadedDocuments } from '@/features/admin/components/uploaded-documents';
import { UsersCard } from '@/features/admin/components/users-card';
import './admin.css';

interface AdminPageProps {
  /**
   * The admin search over every post, titled 'Admin Panel', with Approve/Unapprove and Delete on
   * each row (SPEC §2); it calls `onPostChanged` after each, so the recent activity shows it.
   */
  renderSearch: (onPostChanged: () => void) => ReactNode;
}

/** Admin Panel (SPEC §2, §6): the admin search, the recent moderation activity, the documents users uploaded and the System card. Admins only. */
export function AdminPage({ renderSearch }: AdminPageProps) {
  return (
    <RequireAdmin title="Admin Panel">
      <AdminPanel renderSearch={renderSearch} />
    </RequireAdmin>
  );
}

/** The Admin Panel's sections: the posts (search, activity, documents, system) and the review queue of flags (issue 27). */
const ADMIN_TABS = [
  { value: 'posts', label: 'Posts' },
  { value: 'review-queue', label: 'Review queue' },
] as const;
type AdminTab = (typeof ADMIN_TABS)[number]['value'];

function AdminPanel({ renderSearch }: AdminPageProps) {
  const [tab, setTab] = useState<AdminTab>('posts');
  return (
    <>
      <div className="admin-panel-tabs">
        <TabBar label="Admin Panel sections" tabs={ADMIN_TABS} selected={tab} onSelect={setTab} />
      </div>
      {tab === 'review-queue' ? (
        <div className="admin-panel">
          <PageHeading title="Admin Panel" />
          <ReviewQueue />
        </div>
      ) : (
        <PostsSection renderSearch={renderSearch} />
      )}
    </>
  );
}

function PostsSection({ renderSearch }: AdminPageProps) {
  const queryClient = useQueryClient();
  const refreshRecentActivity = () => void queryClient.invalidateQueries({ queryKey: getRecentModerationQueryOptions().queryKey });
  return (
    <div className="admin-panel">
      {renderSearch(refreshRecentActivity)}
      <div className="admin-panel-grid">
        <RecentModeration />
        <UploadedDocuments />
      </div>
      <UsersCard />
      <SystemStatusCard />
    </div>
  );
}
