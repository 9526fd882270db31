import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, UPLOAD_FIELD } from '@rozmova/contracts';
import { startRecordingServer } from '../test/recording-server.ts';
import { ApiError } from './api-client.ts';
import { clearAuthToken, writeAuthToken } from './auth-token.ts';
import { downloadFrom, uploadFile } from './files.ts';

let server: Awaited<ReturnType<typeof startRecordingServer>>;
let base: string;

beforeAll(async () => {
  server = await startRecordingServer({ status: 201, body: { userReference: { id: 'r1' } } });
  base = server.base;
});

afterAll(() => server.close());

afterEach(() => {
  clearAuthToken();
  server.reset();
});

const createMy = endpoint({
  method: 'POST',
  path: '/v1/user-references/create-my',
  access: ['patient'],
  upload: { field: UPLOAD_FIELD, maxBytes: 1000 },
  responses: { 201: z.object({ userReference: z.object({ id: z.string() }) }) },
});
const file = endpoint({
  method: 'GET',
  path: '/v1/user-references/:id/file',
  access: 'user',
  responses: { 200: { file: 'application/pdf' } },
});

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'scan.png', { type: 'image/png' });

describe('uploadFile', () => {
  it('posts the file as multipart with the client headers and the bearer token, and reports progress', async () => {
    writeAuthToken('secret-token');
    const progress: number[] = [];
    const result = await uploadFile(createMy, {
      file: png(),
      apiBase: base,
      onProgress: (percent) => progress.push(percent),
    });
    expect(result.userReference.id).toBe('r1');
    const request = server.lastRequest();
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

  it("sends the contract's body as text fields before the file", async () => {
    const withFields = endpoint({
      method: 'POST',
      path: '/v1/support-requests',
      access: 'optional',
      body: z.object({ topic: z.string(), email: z.string().optional() }),
      upload: { field: UPLOAD_FIELD, maxBytes: 1000 },
      responses: { 201: z.object({ id: z.string() }) },
    });
    await uploadFile(withFields, { file: png(), body: { topic: 'payment', email: undefined }, apiBase: base });
    const { body } = server.lastRequest();
    expect(body).toContain('name="topic"\r\n\r\npayment');
    expect(body).not.toContain('name="email"');
    expect(body.indexOf('name="topic"')).toBeLessThan(body.indexOf('name="file"'));
  });

  it('turns an error answer into an ApiError with the server code', async () => {
    server.reply(413, { code: 'PAYLOAD_TOO_LARGE', message: 'The file is larger than 20 MB' });
    const error = await uploadFile(createMy, { file: png(), apiBase: base }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect((error as ApiError).body?.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('downloadFrom', () => {
  it('fetches the file with the bearer token', async () => {
    writeAuthToken('secret-token');
    server.reply(200, '%PDF-1.7', 'application/pdf');
    const blob = await downloadFrom(base, file, { params: { id: 'r1' } });
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(server.lastRequest().headers.authorization).toBe('Bearer secret-token');
  });

  it('fails with the status of the answer', async () => {
    server.reply(404, { code: 'NOT_FOUND', message: 'Not found' });
    const error = await downloadFrom(base, file, { params: { id: 'r9' } }).catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).body?.code).toBe('NOT_FOUND');
  });
});
