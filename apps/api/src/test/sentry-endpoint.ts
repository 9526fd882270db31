import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * A local stand-in for Sentry (or GlitchTip): it takes envelopes at `/api/<project>/envelope/` as the real ingest does
 * and keeps them, parsed, for the test to read. The API's SDK sends to it directly; the browser's events arrive through
 * the app's tunnel.
 */

export interface EnvelopeItem {
  header: Record<string, unknown>;
  /** The item's payload as JSON, or its text when it is not JSON. */
  payload: unknown;
}

export interface ReceivedEnvelope {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The envelope as it arrived (decompressed): the text a test searches for what must not be there. */
  text: string;
}

/** An error event as the SDKs write it (only the fields the tests read). */
export interface SentryEvent {
  event_id?: string;
  release?: string;
  environment?: string;
  user?: Record<string, unknown>;
  request?: Record<string, unknown>;
  exception?: { values?: { type?: string; value?: string }[] };
  breadcrumbs?: { category?: string; message?: string; data?: Record<string, unknown> }[];
  [key: string]: unknown;
}

export interface SentryEndpoint {
  /** A DSN of project 1 on this endpoint: `http://publickey@127.0.0.1:<port>/1`. */
  dsn: string;
  envelopes(): ReceivedEnvelope[];
  /** The error events received so far, each with the text of its envelope. */
  events(): { event: SentryEvent; envelope: ReceivedEnvelope }[];
  /** The first error event (received already or later) that `matches`. */
  waitForEvent(matches: (event: SentryEvent) => boolean, timeoutMs?: number): Promise<{ event: SentryEvent; envelope: ReceivedEnvelope }>;
  /** The status the endpoint answers from now on (200 by default). */
  answer(status: number): void;
  close(): Promise<void>;
}

const decode = (body: Buffer, encoding: string | undefined): Buffer =>
  encoding === 'gzip'
    ? gunzipSync(body)
    : encoding === 'deflate'
      ? inflateSync(body)
      : encoding === 'br'
        ? brotliDecompressSync(body)
        : body;

const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Splits an envelope: its header line, then items of a header line and a payload (`length` bytes, or up to a newline). */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let offset = 0;
  const line = () => {
    const end = body.indexOf(0x0a, offset);
    const text = body.subarray(offset, end === -1 ? body.length : end).toString('utf8');
    offset = end === -1 ? body.length : end + 1;
    return text;
  };
  const header = JSON.parse(line()) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = line();
    if (!headerLine.trim()) continue;
    const itemHeader = JSON.parse(headerLine) as Record<string, unknown>;
    let payload: string;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = line();
    }
    items.push({ header: itemHeader, payload: json(payload) });
  }
  return { header, items };
}

export async function startSentryEndpoint(): Promise<SentryEndpoint> {
  const received: ReceivedEnvelope[] = [];
  const waiters = new Set<() => void>();
  let status = 200;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://endpoint');
      if (request.method !== 'POST' || !/^\/api\/\d+\/envelope\/$/.test(url.pathname)) {
        response.writeHead(404).end();
        return;
      }
      try {
        const body = decode(Buffer.concat(chunks), request.headers['content-encoding']);
        received.push({
          path: url.pathname,
          query: url.searchParams,
          headers: request.headers,
          ...parseEnvelope(body),
          text: body.toString('utf8'),
        });
      } catch {
        response.writeHead(400).end();
        return;
      }
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'received' }));
      for (const wake of waiters) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  const events = () =>
    received.flatMap((envelope) =>
      envelope.items.filter((item) => item.header.type === 'event').map((item) => ({ event: item.payload as SentryEvent, envelope })),
    );

  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes: () => [...received],
    events,
    waitForEvent(matches, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events().find(({ event }) => matches(event));
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No matching event within ${timeoutMs} ms (${events().length} events received)`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    answer(next) {
      status = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
