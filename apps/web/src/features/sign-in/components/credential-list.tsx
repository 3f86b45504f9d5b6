import type { ReactNode } from 'react';

/** One way in, as its row shows it. */
export interface Credential {
  /** What it is: 'Chrome 120 on Linux (desktop)', a token's name. */
  title: ReactNode;
  /** One line of facts under the title (address, dates). */
  details: ReactNode;
  /** The button that ends it: its visible text and its accessible name (which says which row it acts on). */
  action: { text: string; name: string };
  /** Why it cannot be ended (it is the account's only way in): the button is off and says so. */
  blockedBy?: string;
}

interface CredentialListProps<T> {
  label: string;
  /** Nothing is shown while they load or when there are none. */
  items: T[] | undefined;
  row: (item: T) => Credential;
  /** The list's one mutation is running: every button waits. */
  pending: boolean;
  onAction: (item: T) => void;
}

/** The ways in that Settings lists (active sessions, personal API tokens, linked accounts), each with the button that ends it. */
export function CredentialList<T extends { id: string | number }>({ label, items, row, pending, onAction }: CredentialListProps<T>) {
  if (!items?.length) return null;
  return (
    <ul className="sign-in-list" aria-label={label}>
      {items.map((item) => {
        const { title, details, action, blockedBy } = row(item);
        return (
          <li key={item.id} className="sign-in-item">
            <div>
              {title}
              <div className="muted">{details}</div>
            </div>
            <button
              type="button"
              className="button"
              disabled={pending || blockedBy !== undefined}
              title={blockedBy}
              onClick={() => onAction(item)}
              aria-label={action.name}
            >
              {action.text}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
