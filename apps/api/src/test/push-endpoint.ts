import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the push endpoint received, with its VAPID authorization checked. */
export interface ReceivedPush {
  deviceId: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** `k=` of the Authorization header, and whether its JWT verifies with that key (ES256) for this endpoint's origin. */
  vapid: { publicKey: string; valid: boolean; claims: { aud?: string; exp?: number; sub?: string } };
}

/** A browser's push subscription: its keys stay here, so the test can read what was pushed to it. */
export interface TestDevice {
  id: string;
  /** The PushSubscription as a browser's `toJSON()` gives it. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  received(): ReceivedPush[];
  /** Every push received, decrypted (aes128gcm, RFC 8291) and parsed as JSON. */
  messages(): unknown[];
  /** The status the endpoint answers from now on: 201 by default; 410 when the browser has unsubscribed. */
  answer(status: number): void;
}

export interface PushEndpoint {
  url: string;
  device(): TestDevice;
  all(): ReceivedPush[];
  close(): Promise<void>;
}

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) with the browser's key pair and auth secret. */
export function decryptPush(body: Buffer, browser: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', browser.computeSecret(serverKey), authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  let end = padded.length - 1;
  while (end > 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('Not the last record (no 0x02 delimiter)');
  return padded.subarray(0, end);
}

function checkVapid(authorization: string | undefined, origin: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { publicKey: '', valid: false, claims: {} };
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [head, payload, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ReceivedPush['vapid']['claims'];
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return { publicKey, valid: signed && claims.aud === origin, claims };
}

/**
 * The settings an app needs to push to this endpoint (plain http on a random loopback port): its host listed, and the
 * tests-only opt-in that lets the outbound guard reach loopback (refused in production).
 */
export const PUSH_ENDPOINT_ENV = { PUSH_ENDPOINT_HOSTS: '127.0.0.1', OUTBOUND_ALLOW_LOOPBACK: '1' };

/** A push service on a local port: it takes pushes for the devices made here, as FCM or Mozilla's would. */
export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const deviceId = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const status = request.method === 'POST' ? answers.get(deviceId) : undefined;
      if (status === undefined) {
        response.writeHead(404).end();
        return;
      }
      received.push({
        deviceId,
        headers: request.headers,
        body: Buffer.concat(chunks),
        vapid: checkVapid(request.headers.authorization, url),
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    device(): TestDevice {
      const id = randomUUID();
      const browser = createECDH('prime256v1');
      browser.generateKeys();
      const auth = randomBytes(16);
      answers.set(id, 201);
      const mine = () => received.filter((push) => push.deviceId === id);
      return {
        id,
        subscription: {
          endpoint: `${url}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: browser.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
        received: mine,
        messages: () => mine().map((push) => JSON.parse(decryptPush(push.body, browser, auth).toString('utf8')) as unknown),
        answer: (status) => answers.set(id, status),
      };
    },
    all: () => [...received],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
