import { useId, useState, type ReactNode } from 'react';
import { CONFIRM_HEADER, ConfirmationPopup } from '@/components/confirmation-popup';
import { useMessageModal } from '@/components/message-modal';
import { IconButton } from '@/features/profile/components/icon-button';
import { messageOf } from '@/lib/message-of';

interface HistorySectionProps<Item extends { id: number }> {
  title: string;
  items: Item[] | undefined;
  emptyMessage: string;
  isOwner: boolean;
  /** What names an item in its buttons' labels ('Edit Analytical Engines'). */
  nameOf: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  /** The add form (no item) or an item's inline edit form; `onDone` closes it. */
  renderForm: (props: { item?: Item; onDone: () => void }) => ReactNode;
  onDelete: (item: Item) => Promise<unknown>;
  /** The question asked before a delete; none deletes at once (project history, SPEC §4). */
  deleteConfirmation?: string;
}

/**
 * A history list (SPEC §4: work, project, education): newest first as the server sends them, an
 * add form, an inline edit form per item and a delete, all for the owner only.
 */
export function HistorySection<Item extends { id: number }>(props: HistorySectionProps<Item>) {
  const { title, items, emptyMessage, isOwner, nameOf, renderItem, renderForm, onDelete, deleteConfirmation } = props;
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Item | null>(null);
  const { showMessage, messageModal } = useMessageModal();

  const remove = (item: Item) => {
    setConfirming(null);
    onDelete(item).catch((error: unknown) => showMessage('Error', messageOf(error)));
  };

  return (
    <section className="card profile-section" aria-labelledby={headingId}>
      <header className="profile-section-header">
        <h2 id={headingId}>{title}</h2>
        {isOwner && !adding && <IconButton icon="add" label={`Add ${title}`} onClick={() => setAdding(true)} />}
      </header>
      {adding && renderForm({ onDone: () => setAdding(false) })}
      {items && items.length === 0 && !adding && <p className="muted">{emptyMessage}</p>}
      {items && items.length > 0 && (
        <ul className="profile-history" aria-label={title}>
          {items.map((item) => (
            <li key={item.id} className="profile-history-item">
              {editingId === item.id ? (
                renderForm({ item, onDone: () => setEditingId(null) })
              ) : (
                <>
                  <div className="profile-history-text">{renderItem(item)}</div>
                  {isOwner && (
                    <div className="profile-history-actions">
                      <IconButton icon="edit" label={`Edit ${nameOf(item)}`} onClick={() => setEditingId(item.id)} />
                      <IconButton
                        icon="delete"
                        label={`Delete ${nameOf(item)}`}
                        onClick={() => (deleteConfirmation ? setConfirming(item) : remove(item))}
                      />
                    </div>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmationPopup
        open={confirming !== null}
        header={CONFIRM_HEADER}
        body={deleteConfirmation ?? ''}
        onConfirm={() => confirming && remove(confirming)}
        onCancel={() => setConfirming(null)}
      />
      {messageModal}
    </section>
  );
}
