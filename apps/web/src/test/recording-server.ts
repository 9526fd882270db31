import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status: number;
  /** A string is sent as it is; anything else as JSON; undefined sends no body. */
  body?: unknown;
  type?: string;
}

/**
 * A real HTTP server on 127.0.0.1 for client tests: it records each request and answers with the next
 * queued reply, or `fallback`. It answers CORS preflights, since jsdom's XMLHttpRequest applies CORS.
 */
export async function startRecordingServer(fallback: Reply) {
  const received: ReceivedRequest[] = [];
  const replies: Reply[] = [];
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': '*, authorization',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
  };
  const server = createServer((request, response) => {
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('latin1'),
      });
      const next = replies.shift() ?? fallback;
      if (next.body === undefined) return void response.writeHead(next.status, cors).end();
      const text = typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
      response.writeHead(next.status, { ...cors, 'content-type': next.type ?? 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    lastRequest: () => received.at(-1)!,
    reply: (status: number, body?: unknown, type?: string) => void replies.push({ status, body, type }),
    reset: () => {
      received.length = 0;
      replies.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
