import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A server standing in for something inside the network (an admin page, a metadata service): one port on 127.0.0.1
 * and ::1 that counts every TCP connection made to it, whatever is sent (plain HTTP, a TLS hello, nothing). It answers
 * 410 to any HTTP request, the answer that would delete a push device, so a probe that got through would show.
 */
export interface ConnectionCounter {
  port: number;
  connections(): number;
  close(): Promise<void>;
}

export async function startConnectionCounter(): Promise<ConnectionCounter> {
  let count = 0;
  const make = () => {
    const server = createServer((_request, response) => response.writeHead(410).end());
    server.on('connection', () => (count += 1));
    return server;
  };
  const listen = (server: Server, port: number, host: string) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  const v4 = make();
  await listen(v4, 0, '127.0.0.1');
  const { port } = v4.address() as AddressInfo;
  const v6 = make();
  await listen(v6, port, '::1');
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return {
    port,
    connections: () => count,
    close: async () => {
      await Promise.all([close(v4), close(v6)]);
    },
  };
}
