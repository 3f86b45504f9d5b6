import type { ReactNode } from 'react';
import { PageHeading } from '@/components/page-heading';

export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="card static-page">
      <PageHeading title={title} />
      {children}
    </article>
  );
}
