import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, takesIdempotencyKey, type ApiEnvelope } from '@app/contracts';
import { readAuthInfo, saveToken } from '@/lib/auth-storage';
import { takeFirstRead } from '@/lib/first-read';
import { requestFinished, requestStarted } from '@/lib/pending-requests';
import { announceEmailNotConfirmed, isEmailNotConfirmed } from '@/lib/email-not-confirmed';

export const API_BASE = '/api';

/** A failed call: the server's errorMessage (or a generic one) and the HTTP status (0 = no response). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain value is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Send the bearer token when logged in (default true). SPEC §6 lists the calls that send none. */
  auth?: boolean;
  /** Keep the global loading overlay hidden (autosave, background refreshes). */
  silent?: boolean;
  signal?: AbortSignal;
  /** The Idempotency-Key of a command (POST, PUT, DELETE); a fresh one per call when not given. Never sent on CALLS_WITHOUT_IDEMPOTENCY_KEY. */
  idempotencyKey?: string;
}

/** Waits before each retry of a command whose answer was lost (the network failed, or the first try still runs). */
export const RETRY_DELAYS_MS = [500, 1500];

/**
 * Calls the API and returns the whole envelope; throws ApiError unless it succeeded. A command
 * carries an Idempotency-Key, one per call (one per user action): when its answer is lost it is
 * sent again with the same key, so the server runs it at most once. Credential calls and the
 * searches take no key (CALLS_WITHOUT_IDEMPOTENCY_KEY), and so are never sent again on their own.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const { method = 'GET', body, auth = true, silent = false, signal } = options;
  const headers = new Headers({ Accept: 'application/json' });
  const session = readAuthInfo();
  if (auth && session.isLoggedIn && session.token) headers.set('Authorization', `Bearer ${session.token}`);
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  const isKeyedCommand = method !== 'GET' && takesIdempotencyKey(method, url);
  if (isKeyedCommand) headers.set(IDEMPOTENCY_KEY_HEADER, options.idempotencyKey ?? newIdempotencyKey());
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  const firstRead = method === 'GET' ? takeFirstRead<T>(url, !headers.has('Authorization')) : null;
  if (firstRead) return firstRead;
  const retryDelays = isKeyedCommand ? RETRY_DELAYS_MS : [];

  if (!silent) requestStarted();
  try {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(url, { method, headers, body: payload, signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        if (attempt < retryDelays.length) {
          await delay(retryDelays[attempt]);
          continue;
        }
        throw new ApiError('The server could not be reached', 0);
      }
      replaceTokenFrom(response);
      const envelope = await readEnvelope<T>(response);
      // Our own earlier try is still running on the server: wait for its answer.
      const stillRunning = attempt > 0 && response.status === 409 && envelope?.errorMessage === IDEMPOTENCY_MESSAGES.inFlight;
      if (stillRunning && attempt < retryDelays.length) {
        await delay(retryDelays[attempt]);
        continue;
      }
      if (!response.ok || !envelope?.success) {
        if (isEmailNotConfirmed(response.status, envelope?.errorMessage)) announceEmailNotConfirmed();
        throw new ApiError(envelope?.errorMessage || `Request failed (${response.status})`, response.status);
      }
      return envelope;
    }
  } finally {
    if (!silent) requestFinished();
  }
}

/** 128 random bits as a UUID-like string (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `result` of a successful call. */
export async function apiCall<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(path, options)).result;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiCall<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiCall<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiCall<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiCall<T>(path, { ...options, method: 'DELETE' }),
};

/** The server refreshes a token past half its life through this header (SPEC §4). */
function replaceTokenFrom(response: Response): void {
  const token = response.headers.get('auth-token');
  if (token && readAuthInfo().token) saveToken(token);
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T> | null> {
  const text = await response.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && 'success' in parsed ? (parsed as ApiEnvelope<T>) : null;
  } catch {
    return null; // e.g. an HTML error page from a proxy
  }
}
