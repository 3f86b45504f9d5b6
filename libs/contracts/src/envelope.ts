/** SPEC §3 'Response envelope': every /api answer, success or failure, has this shape. */
export interface ApiEnvelope<T> {
  success: boolean;
  result: T;
  /** The message the SPA shows inline or in a modal; null on success. */
  errorMessage: string | null;
  /** ISO 8601 instant the server answered at. */
  timeStamp: string;
}
