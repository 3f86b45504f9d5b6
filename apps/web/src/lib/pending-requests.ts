import { useSyncExternalStore } from 'react';

/** Counts API requests in flight so the shell can show one global loading overlay. */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function requestStarted(): void {
  pending += 1;
  emit();
}

export function requestFinished(): void {
  pending = Math.max(0, pending - 1);
  emit();
}

export function pendingRequestCount(): number {
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePendingRequestCount(): number {
  return useSyncExternalStore(subscribe, pendingRequestCount, () => 0);
}
