import type { ErrorBody } from '@rozmova/contracts';
import { readAuthToken } from './auth-token.ts';
import { clientHeaders } from './client-info.ts';
import { decryptPayload, isEncryptedPayload } from './decrypt-response.ts';
import { beginRequest, endRequest } from './request-activity.ts';
import { runtimeConfig } from './runtime-config.ts';

/** A failed call: `status` is undefined when no HTTP answer came (network failure). */
export class ApiError extends Error {
  readonly status: number | undefined;
  readonly body: ErrorBody | undefined;

  constructor(status: number | undefined, body: ErrorBody | undefined, cause?: unknown) {
    super(body?.message ?? (status === undefined ? 'Network error' : `HTTP ${status}`), { cause });
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

export interface ClientSettings {
  apiBase: string;
  decryptionKey: string | null;
}

/** The headers of every call (SPEC.md §7), with the bearer token when signed in. */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...clientHeaders() };
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export function buildUrl(apiBase: string, path: string, query?: RequestOptions['query']): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}${path}`, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  return JSON.parse(text) as unknown;
}

async function decryptIfNeeded(data: unknown, key: string | null): Promise<unknown> {
  if (typeof data !== 'object' || data === null || !('encrypted' in data)) return data;
  const { encrypted } = data;
  if (!isEncryptedPayload(encrypted)) return data;
  if (!key) {
    console.error('An encrypted response arrived but no decryption key is configured');
    return data;
  }
  try {
    return await decryptPayload(encrypted, key);
  } catch (error) {
    console.error('Could not decrypt the response', error);
    return data;
  }
}

export const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' && value !== null && typeof (value as ErrorBody).code === 'string';

export function createApiClient(settings: ClientSettings) {
  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const headers = requestHeaders();
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    beginRequest();
    try {
      let response: Response;
      try {
        response = await fetch(buildUrl(settings.apiBase, path, options.query), {
          method: options.method ?? 'GET',
          headers,
          body,
          signal: options.signal,
        });
      } catch (error) {
        throw new ApiError(undefined, undefined, error);
      }
      const data = await readBody(response).catch(() => undefined);
      if (!response.ok) throw new ApiError(response.status, isErrorBody(data) ? data : undefined);
      return (await decryptIfNeeded(data, settings.decryptionKey)) as T;
    } finally {
      endRequest();
    }
  };
}

export const apiRequest = createApiClient({
  apiBase: runtimeConfig.api_base,
  decryptionKey: runtimeConfig.decryption_key,
});
