import type { ApiEnvelopeShape } from './envelope.types';

export function successEnvelope<T>(result: T): ApiEnvelopeShape<T> {
  return { success: true, result, errorMessage: null, timeStamp: new Date().toISOString() };
}

export function failureEnvelope(errorMessage: string): ApiEnvelopeShape<null> {
  return { success: false, result: null, errorMessage, timeStamp: new Date().toISOString() };
}
