/**
 * Between processes: the projector says its checkpoints moved, and an API process waiting for a
 * command's position (`waitFor`) looks at the stored checkpoints again at once instead of at its
 * next poll. A wake-up only: a lost message costs one fallback poll, never a wrong answer.
 */
export interface CheckpointChannel {
  /** Checkpoints of this process moved (cheap; may be coalesced). */
  publish(): void;
  /** Calls `onMoved` whenever some process's checkpoints may have moved; returns how to stop. */
  subscribe(onMoved: () => void): () => void;
  close(): Promise<void>;
}
