import type { SubscribeToAllOptions } from './event-store.port';

/** Tells the subscriber its subscription died; never throws into the adapter's loop. */
export function reportSubscriptionError(options: SubscribeToAllOptions, error: unknown): void {
  if (!options.onError) {
    console.error('Event store subscription stopped:', error);
    return;
  }
  try {
    options.onError(error);
  } catch (onErrorFailure) {
    console.error('Event store subscription onError handler threw:', onErrorFailure);
  }
}
