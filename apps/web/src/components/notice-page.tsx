import type { ReactNode } from 'react';
import { PageHeading } from '@/components/page-heading';

/** A page that can only say why it shows nothing (not allowed, no such post, not loaded): its heading and the reason, announced. */
export function NoticePage({ title, className = 'card', children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <PageHeading title={title} />
      <p className="notice" role="alert">
        {children}
      </p>
    </div>
  );
}
