import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import './components.css';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children?: ReactNode;
  /** The buttons at the bottom; a Close button when none are given. */
  actions?: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native <dialog> element (focus trap, Escape and stacking over other
 * modals come from the browser). Render it only while it should be open. It is portalled to the
 * body so a modal's own form never sits inside the page's form.
 */
export function Modal({ title, onClose, children, actions, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // Escape: let React state decide, so the dialog never closes behind the app's back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);

  return createPortal(
    <dialog ref={ref} className={`modal ${className ?? ''}`.trim()} aria-labelledby={titleId}>
      <header className="modal-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {children !== undefined && <div className="modal-body">{children}</div>}
      <footer className="modal-actions">
        {actions ?? (
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        )}
      </footer>
    </dialog>,
    document.body,
  );
}
