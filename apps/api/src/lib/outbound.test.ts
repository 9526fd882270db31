import type { LookupAddress } from 'node:dns';
import { afterAll, describe, expect, test } from 'vitest';
import { startConnectionCounter } from '../test/connection-counter.ts';
import { createOutbound, hostMatches, isPublicAddress, OutboundRefusedError, type Resolve } from './outbound.ts';

const inside = await startConnectionCounter();
afterAll(() => inside.close());

const post = { headers: { 'content-type': 'text/plain' }, body: new TextEncoder().encode('probe'), timeoutMs: 5_000 };
const answering =
  (...addresses: LookupAddress[]): Resolve =>
  async () =>
    addresses;
const v4 = (address: string): LookupAddress => ({ address, family: 4 });

describe('addresses', () => {
  const loopback = ['127.0.0.1', '127.255.255.254', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1'];
  const unspecified = ['0.0.0.0', '::', '0:0:0:0:0:0:0:0'];

  test('loopback (IPv4, IPv6 and IPv4-mapped) and unspecified addresses are refused', () => {
    for (const address of [...loopback, ...unspecified]) expect(isPublicAddress(address), address).toBe(false);
  });

  test('the tests’ opt-in lets loopback through and nothing else: unspecified, zoned and non-addresses stay refused', () => {
    for (const address of loopback) expect(isPublicAddress(address, { allowLoopback: true }), address).toBe(true);
    for (const address of [...unspecified, '::1%lo', 'localhost', '', '127.0.0.1.nip.io']) {
      expect(isPublicAddress(address, { allowLoopback: true }), address).toBe(false);
    }
  });

  test('host lists: a name exactly, `*.name` for names under it only', () => {
    const list = ['fcm.googleapis.com', '*.push.apple.com'];
    for (const host of ['fcm.googleapis.com', 'web.push.apple.com', 'a.b.push.apple.com']) expect(hostMatches(host, list), host).toBe(true);
    for (const host of [
      'x.fcm.googleapis.com',
      'fcm.googleapis.com.localhost',
      'push.apple.com',
      'webpush.apple.com',
      'localhost',
      '127.0.0.1',
    ]) {
      expect(hostMatches(host, list), host).toBe(false);
    }
  });
});

describe('connections', () => {
  const refused = async (outbound: ReturnType<typeof createOutbound>, url: string, reason = 'address') => {
    const before = inside.connections();
    await expect(outbound.post(url, post), url).rejects.toMatchObject({ name: 'OutboundRefusedError', reason });
    expect(inside.connections(), url).toBe(before);
  };

  test('an address or a name that leads to loopback is refused before any connection', async () => {
    const outbound = createOutbound();
    const { port } = inside;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `https://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://localhost:${port}/`,
      `https://localhost:${port}/`,
    ]) {
      await refused(outbound, url);
    }
    await refused(createOutbound({ resolve: answering(v4('127.0.0.1')) }), `http://push.rozmova.test:${port}/`);
  });

  test('one forbidden address among the answers refuses the name, even with loopback allowed', async () => {
    const resolve = answering(v4('127.0.0.1'), v4('0.0.0.0'));
    await refused(createOutbound({ allowLoopback: true, resolve }), `http://push.rozmova.test:${inside.port}/`);
  });

  test('the connection goes to the address that was checked: one resolution, no second lookup', async () => {
    let lookups = 0;
    const resolve: Resolve = async () => {
      lookups += 1;
      return [v4('127.0.0.1')];
    };
    const before = inside.connections();
    // The name exists nowhere but in this resolver: reaching the counter proves the checked answer was used.
    const status = await createOutbound({ allowLoopback: true, resolve }).post(`http://push.rozmova.test:${inside.port}/`, post);
    expect(status).toBe(410);
    expect(lookups).toBe(1);
    expect(inside.connections()).toBe(before + 1);
  });

  test('only http(s), and no credentials in the URL', async () => {
    const outbound = createOutbound({ allowLoopback: true });
    await refused(outbound, `ftp://127.0.0.1:${inside.port}/`, 'scheme');
    await refused(outbound, `http://user:secret@127.0.0.1:${inside.port}/`, 'credentials');
    const error = await outbound.post(`http://user:secret@127.0.0.1:${inside.port}/x?token=t`, post).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect(String((error as Error).message)).not.toMatch(/secret|token/);
  });
});
