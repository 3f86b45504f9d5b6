/** SPEC §3 'Response envelope': every /api response has this shape. */
export interface ApiEnvelopeShape<T> {
  success: boolean;
  result: T;
  errorMessage: string | null;
  timeStamp: string;
}
