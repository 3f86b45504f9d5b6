import { useEffect } from 'react';
import type { Location } from 'react-router-dom';
import { useBlocker } from '@/lib/navigation/use-blocker';
import { ConfirmationPopup } from '@/components/confirmation-popup';

/** Navigation state of a page's own address changes (the ?id= a first save adds): never blocked. */
export const OWN_ADDRESS_CHANGE = { ownAddressChange: true } as const;

const isOwnAddressChange = (location: Location) => (location.state as Partial<typeof OWN_ADDRESS_CHANGE> | null)?.ownAddressChange === true;

export const UNSAVED_CHANGES_TEXT = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Warns before unsaved changes are lost: the browser's own prompt when the tab is closed or
 * reloaded (beforeunload), and a confirmation for a link or Back inside the app (the router's
 * blocker). Render what it returns.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !isOwnAddressChange(nextLocation) &&
      currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  // Saved in the meantime (autosave): nothing to lose any more.
  useEffect(() => {
    if (blocker.state === 'blocked' && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <ConfirmationPopup
      open={blocker.state === 'blocked'}
      header="Unsaved changes"
      body={UNSAVED_CHANGES_TEXT}
      buttons={['yes', 'cancel']}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
