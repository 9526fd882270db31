import { fillPath, type Endpoint, type EndpointResult, type ErrorBody, type FieldError } from '@rozmova/contracts';
import { vi } from 'vitest';

/** A request the double received, as the server would read it. */
export interface ReceivedCall {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body parsed, a FormData as it was sent, or undefined. */
  body: unknown;
  headers: Record<string, string>;
}

/** An answer: the success's body (typed by the contract; a Blob for a file answer), or an error status with the API's error body. */
export type Answer<E extends Endpoint> =
  { status?: 200 | 201 | 202 | 204; body?: EndpointResult<E> } | { status: number; error: ErrorBody };

/** The API's refusal of a request's fields: 400 VALIDATION_FAILED with an entry per field. */
export const fieldRefusal = (...errors: FieldError[]): { status: number; error: ErrorBody } => ({
  status: 400,
  error: { code: 'VALIDATION_FAILED', message: 'Validation failed', errors },
});

type Handler<E extends Endpoint> = (call: ReceivedCall) => Answer<E> | Promise<Answer<E>>;

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: Handler<Endpoint>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(:[A-Za-z]\w*)/)
    .map((part) => {
      if (!part.startsWith(':')) return escapeRegExp(part);
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** A Blob's bytes (jsdom's Blob has no `arrayBuffer()`). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The blob could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Ends the calls still waiting for an answer when a test ends. */
const waiting = new Set<() => void>();

/**
 * Fails every call a finished test left unanswered, as a browser does when the page goes: the app's count of requests in
 * flight comes back to zero before the next test, which may be in another file of the same worker (files share one
 * module graph).
 */
export function endUnansweredCalls(): void {
  for (const end of waiting) end();
  waiting.clear();
}

/** The handler's answer, or a network failure if the test ends first. */
function untilTestEnds<T>(answer: T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const end = () => reject(new TypeError('Failed to fetch'));
    waiting.add(end);
    Promise.resolve(answer)
      .then(resolve, reject)
      .finally(() => waiting.delete(end));
  });
}

/**
 * The typed client's test double: `fetch` answered by contract, in the browser's own terms (a Response), so the
 * component under test runs its real calls, query cache and error handling. A call no handler answers fails the
 * test with its method and path, so a page cannot quietly depend on an answer the test never gave.
 */
export function createApiDouble() {
  const routes: Route[] = [];
  const calls: ReceivedCall[] = [];
  const unanswered: string[] = [];

  async function fetchDouble(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const route = routes.find((candidate) => candidate.method === method && candidate.pattern.test(url.pathname));
    if (!route) {
      unanswered.push(`${method} ${url.pathname}`);
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'No test answer' }), { status: 404 });
    }
    const values = route.pattern.exec(url.pathname)!.slice(1).map(decodeURIComponent);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const received: ReceivedCall = {
      method,
      path: url.pathname,
      params: Object.fromEntries(route.names.map((name, index) => [name, values[index]!])),
      query: Object.fromEntries(url.searchParams),
      body,
      headers: Object.fromEntries(new Headers(init.headers)),
    };
    calls.push(received);
    const answer = await untilTestEnds(route.handler(received));
    if ('error' in answer) {
      return new Response(JSON.stringify(answer.error), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }
    const status = answer.status ?? (answer.body === undefined ? 204 : 200);
    if (answer.body === undefined) return new Response(null, { status });
    // A file answer (a contract's `{ file: … }`): its bytes, typed as the Blob says.
    if (answer.body instanceof Blob) {
      return new Response(await bytesOf(answer.body), { status, headers: { 'content-type': answer.body.type } });
    }
    return new Response(JSON.stringify(answer.body), { status, headers: { 'content-type': 'application/json' } });
  }

  vi.stubGlobal('fetch', vi.fn(fetchDouble));

  return {
    /** Answers every call of the contract (a later `on` for the same contract wins). */
    on<E extends Endpoint>(contract: E, handler: Handler<E> | Answer<E>): void {
      const { pattern, names } = compile(contract.path);
      const answer = typeof handler === 'function' ? handler : () => handler;
      routes.unshift({ method: contract.method, pattern, names, handler: answer as unknown as Handler<Endpoint> });
    },
    /** The calls made to a contract's endpoint so far, oldest first. */
    callsTo(contract: Endpoint, params?: Record<string, string>): ReceivedCall[] {
      const { pattern } = compile(contract.path);
      const path = params ? fillPath(contract.path, params) : undefined;
      return calls.filter((call) => call.method === contract.method && (path ? call.path === path : pattern.test(call.path)));
    },
    /** Calls no handler answered, as "METHOD /path". */
    unanswered,
  };
}

export type ApiDouble = ReturnType<typeof createApiDouble>;
