import './status-badge.css';

/** A small state label on a post ('Draft', 'Awaiting approval'). */
export function StatusBadge({ tone, children }: { tone: 'draft' | 'pending' | 'accepted'; children: string }) {
  return <span className={`status-badge status-badge-${tone}`}>{children}</span>;
}
