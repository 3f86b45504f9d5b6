/** The owner's pencil (edit) or plus (add) button; others never see it (SPEC §2). */
export function IconButton({ icon, label, onClick }: { icon: 'edit' | 'add' | 'delete'; label: string; onClick: () => void }) {
  const glyph = { edit: '✎', add: '+', delete: '🗑' }[icon];
  return (
    <button type="button" className={`icon-button icon-button-${icon}`} aria-label={label} title={label} onClick={onClick}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
}
