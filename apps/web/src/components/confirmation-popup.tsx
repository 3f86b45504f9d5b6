import type { ReactNode } from 'react';
import { Modal } from '@/components/modal';
import '@/components/components.css';

/** The buttons a popup can show (SPEC §2 Confirmation popup), in display order. */
export type ConfirmationButton = 'save' | 'ok' | 'yes' | 'cancel';

const BUTTON_LABELS: Record<ConfirmationButton, string> = { save: 'Save', ok: 'Ok', yes: 'Yes', cancel: 'Cancel' };
const BUTTON_ORDER: readonly ConfirmationButton[] = ['save', 'ok', 'yes', 'cancel'];

export interface ConfirmationPopupProps {
  open: boolean;
  header: string;
  body: ReactNode;
  /** Which buttons show; Yes and Cancel unless configured. */
  buttons?: readonly ConfirmationButton[];
  /** Save, Ok or Yes was pressed. */
  onConfirm: (button: Exclude<ConfirmationButton, 'cancel'>) => void;
  /** Cancel, Escape or the close button. */
  onCancel: () => void;
  /** The confirming button destroys something (a delete): drawn as a danger button. */
  danger?: boolean;
}

/** A modal question: header, body and the configured buttons (SPEC §2 Confirmation popup). */
export function ConfirmationPopup({
  open,
  header,
  body,
  buttons = ['yes', 'cancel'],
  onConfirm,
  onCancel,
  danger = false,
}: ConfirmationPopupProps) {
  if (!open) return null;
  const shown = BUTTON_ORDER.filter((button) => buttons.includes(button));
  return (
    <Modal
      title={header}
      onClose={onCancel}
      className="confirmation-popup"
      actions={shown.map((button) => (
        <button
          key={button}
          type="button"
          className={button === 'cancel' ? 'button' : `button ${danger ? 'button-danger' : 'button-primary'}`}
          autoFocus={button === shown[0] && button !== 'cancel'}
          onClick={() => (button === 'cancel' ? onCancel() : onConfirm(button))}
        >
          {BUTTON_LABELS[button]}
        </button>
      ))}
    >
      {typeof body === 'string' ? <p>{body}</p> : body}
    </Modal>
  );
}

/** SPEC §8 confirmation texts. */
export const CONFIRM_HEADER = 'Confirm';
export const CONFIRM_OPERATION_TEXT = 'Are you sure you want to perform this operation?';
export const CONFIRM_DELETE_TEXT = 'Are you sure you want to delete this item?';
