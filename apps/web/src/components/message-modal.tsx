import { useCallback, useState, type ReactNode } from 'react';
import { Modal } from '@/components/modal';

interface Message {
  title: string;
  body?: string;
}

export type ShowMessage = (title: string, body?: string) => void;

/** A modal that tells the user one thing (SPEC §8 'Operation Failed', 'Error', ...); render `messageModal`. */
export function useMessageModal(): { showMessage: ShowMessage; messageModal: ReactNode } {
  const [message, setMessage] = useState<Message | null>(null);
  const showMessage = useCallback<ShowMessage>((title, body) => setMessage({ title, body }), []);
  const messageModal = message ? (
    <Modal title={message.title} onClose={() => setMessage(null)} className="message-modal">
      {message.body ? <p className="message-modal-text">{message.body}</p> : undefined}
    </Modal>
  ) : null;
  return { showMessage, messageModal };
}
