import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { clearAuthToken, writeAuthToken } from './auth-token.ts';
import { downloadBlob, uploadFile } from './files.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP server; jsdom's XMLHttpRequest applies CORS, so it answers the preflight. */
let server: Server;
let base: string;
const received: Received[] = [];
const replies: { status: number; body: unknown; type?: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*, authorization',
      'access-control-allow-methods': 'GET, POST',
    };
    if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('latin1') });
      const next = replies.shift() ?? { status: 201, body: { userReference: { id: 'r1' } } };
      const text = typeof next.body === 'string' ? next.body : JSON.stringify(next.body);
      response.writeHead(next.status, { ...cors, 'content-type': next.type ?? 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  clearAuthToken();
  received.length = 0;
  replies.length = 0;
});

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'scan.png', { type: 'image/png' });

describe('uploadFile', () => {
  it('posts the file as multipart with the client headers and the bearer token, and reports progress', async () => {
    writeAuthToken('secret-token');
    const progress: number[] = [];
    const result = await uploadFile<{ userReference: { id: string } }>('/v1/user-references/create-my', png(), {
      apiBase: base,
      onProgress: (percent) => progress.push(percent),
    });
    expect(result.userReference.id).toBe('r1');
    const request = received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/user-references/create-my');
    expect(request.headers.authorization).toBe('Bearer secret-token');
    expect(request.headers['x-csrf-token']).toBe('');
    expect(request.headers['x-device-type']).toBeTruthy();
    expect(request.headers['x-timestamp']).toBeTruthy();
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body).toContain('name="file"; filename="scan.png"');
    expect(progress.every((value) => value >= 0 && value <= 100)).toBe(true);
  });

  it('turns an error answer into an ApiError with the server code', async () => {
    replies.push({ status: 413, body: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB' } });
    const error = await uploadFile('/v1/user-references/create-my', png(), { apiBase: base }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).body?.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('downloadBlob', () => {
  it('fetches the file with the bearer token', async () => {
    writeAuthToken('secret-token');
    replies.push({ status: 200, body: '%PDF-1.7', type: 'application/pdf' });
    const blob = await downloadBlob('/v1/user-references/r1/file', base);
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(received.at(-1)!.headers.authorization).toBe('Bearer secret-token');
  });

  it('fails with the status of the answer', async () => {
    replies.push({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } });
    const error = await downloadBlob('/v1/user-references/r9/file', base).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body?.code).toBe('NOT_FOUND');
  });
});
