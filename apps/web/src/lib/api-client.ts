import { fillPath, type Endpoint, type EndpointInput, type EndpointResult, type ErrorBody } from '@rozmova/contracts';
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

type QueryValues = Record<string, unknown>;

/** A call's input: the contract's parameters, query and body, and a signal to abort it. */
export type CallInput<E extends Endpoint> = EndpointInput<E> & { signal?: AbortSignal };
/** The input is optional when the contract requires none of it. */
export type CallArgs<E extends Endpoint> = Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** A call's input as the client reads it, whichever the contract. */
export interface AnyInput {
  params?: Record<string, string>;
  query?: QueryValues;
  body?: unknown;
  signal?: AbortSignal;
}

function buildUrl(apiBase: string, path: string, query?: QueryValues): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}${path}`, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  return url.toString();
}

/** The address of a contract's endpoint with its parameters and query filled in. */
export function endpointUrl(apiBase: string, contract: Endpoint, input: AnyInput = {}): string {
  return buildUrl(apiBase, fillPath(contract.path, input.params), input.query);
}

export interface ClientSettings {
  apiBase: string;
  decryptionKey: string | null;
}

/** The headers of every call (docs/product.md §7), with the bearer token when signed in. */
export function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...clientHeaders() };
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
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
  async function request(contract: Endpoint, options: AnyInput): Promise<unknown> {
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
        response = await fetch(endpointUrl(settings.apiBase, contract, options), {
          method: contract.method,
          headers,
          body,
          signal: options.signal,
        });
      } catch (error) {
        throw new ApiError(undefined, undefined, error);
      }
      const data = await readBody(response).catch(() => undefined);
      if (!response.ok) throw new ApiError(response.status, isErrorBody(data) ? data : undefined);
      return await decryptIfNeeded(data, settings.decryptionKey);
    } finally {
      endRequest();
    }
  }

  /** Calls an endpoint of the contracts: its path, method and types come from the contract (docs/api-reference.md). */
  return function call<E extends Endpoint>(contract: E, ...[input]: CallArgs<E>): Promise<EndpointResult<E>> {
    return request(contract, (input ?? {}) as AnyInput) as Promise<EndpointResult<E>>;
  };
}

export const call = createApiClient({
  apiBase: runtimeConfig.api_base,
  decryptionKey: runtimeConfig.decryption_key,
});
