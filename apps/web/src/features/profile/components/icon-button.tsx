import { Pencil, Plus, Trash2 } from 'lucide-react';

const ICONS = { edit: Pencil, add: Plus, delete: Trash2 };

/** The owner's pencil (edit), plus (add) or bin (delete) button; others never see it (SPEC §2). */
export function IconButton({ icon, label, onClick }: { icon: 'edit' | 'add' | 'delete'; label: string; onClick: () => void }) {
  const Icon = ICONS[icon];
  return (
    <button type="button" className={`icon-button icon-button-${icon}`} aria-label={label} title={label} onClick={onClick}>
      <Icon aria-hidden="true" size={16} />
    </button>
  );
}
