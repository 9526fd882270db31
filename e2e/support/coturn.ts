import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real coturn (Debian package `coturn`, `/usr/bin/turnserver`) for the meeting specs and the bench: on 127.0.0.1,
 * on a free port with a free relay range, with a random shared secret in coturn's REST scheme (`use-auth-secret`), the
 * scheme the API issues credentials in. Its pid file and user database live in a fresh directory, so it never meets a
 * system coturn (which would listen on 3478 and keep /var/run/turnserver.pid).
 */
export interface Coturn {
  /** `turn:` URLs, UDP and TCP, as the API's `TURN_URLS` takes them. */
  urls: string[];
  secret: string;
  /** The app's settings for it: `TURN_URLS` and `TURN_SECRET`. */
  env: Record<string, string>;
  /** The UDP ports it relays from: a relayed candidate's port is one of them. */
  relayPorts: { min: number; max: number };
  stop(): Promise<void>;
}

const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';
/** How many relay ports coturn gets: two per allocation, a few allocations per call. */
const RELAY_PORTS = 200;

const udpFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createSocket('udp4');
    socket.once('error', () => resolve(false));
    socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
  });

const tcpFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A port free for both TCP and UDP, and a range of RELAY_PORTS free UDP ports; all below the ephemeral range. */
async function freePorts(): Promise<{ listening: number; min: number; max: number }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const min = randomInt(20_000, 32_000 - RELAY_PORTS);
    const listening = min - 1;
    if (!(await tcpFree(listening)) || !(await udpFree(listening))) continue;
    const ports = Array.from({ length: RELAY_PORTS }, (_, i) => min + i);
    if ((await Promise.all(ports.map(udpFree))).every(Boolean)) return { listening, min, max: min + RELAY_PORTS - 1 };
  }
  throw new Error('No free port range for coturn');
}

export async function startCoturn(): Promise<Coturn> {
  if (!existsSync(TURNSERVER)) throw new Error(`${TURNSERVER} is missing: apt-get install coturn (.ci/run does)`);
  const { listening, min, max } = await freePorts();
  const secret = randomBytes(24).toString('hex');
  const dir = mkdtempSync(path.join(tmpdir(), 'rozmova-coturn-'));
  const args = [
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=rozmova',
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    `--listening-port=${listening}`,
    `--min-port=${min}`,
    `--max-port=${max}`,
    // Both browsers are on this machine, so their relay addresses are loopback ones, which coturn refuses by default.
    '--allow-loopback-peers',
    // The CLI would otherwise listen on 127.0.0.1:5766 (and coturn 4.6 wants a --cli-password for it).
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    '--no-rfc5780',
    '--fingerprint',
    '--no-stdout-log',
    '--log-file=/dev/null',
    `--pidfile=${path.join(dir, 'turnserver.pid')}`,
    `--userdb=${path.join(dir, 'turndb')}`,
  ];
  const child = spawn(TURNSERVER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    await answersStun(listening, child);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`coturn did not answer on 127.0.0.1:${listening}: ${String(error)}\n${errors}`);
  }
  const urls = [`turn:127.0.0.1:${listening}?transport=udp`, `turn:127.0.0.1:${listening}?transport=tcp`];
  return {
    urls,
    secret,
    env: { TURN_URLS: urls.join(','), TURN_SECRET: secret },
    relayPorts: { min, max },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        // coturn ends its sessions first; one that does not end within 5 s is killed.
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(kill);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once coturn answers a STUN Binding request on the port, which it does once it listens. The request is
 * sent again every 50 ms until then, as STUN clients retransmit over UDP.
 */
function answersStun(port: number, child: ChildProcess): Promise<void> {
  const socket = createSocket('udp4');
  // Binding request: type 0x0001, no attributes, the magic cookie, a random transaction id.
  const request = Buffer.concat([Buffer.from([0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42]), randomBytes(12)]);
  const send = () => socket.send(request, port, '127.0.0.1');
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error) => {
      clearInterval(resend);
      clearTimeout(giveUp);
      child.off('exit', exited);
      socket.close();
      if (error) reject(error);
      else resolve();
    };
    const exited = (code: number | null, signal: string | null) => done(new Error(`it exited (${code ?? signal})`));
    const resend = setInterval(send, 50);
    const giveUp = setTimeout(() => done(new Error('no answer within 15 s')), 15_000);
    socket.on('message', (message) => {
      // A Binding success response (0x0101) with our transaction id.
      if (message.readUInt16BE(0) === 0x0101 && message.subarray(8, 20).equals(request.subarray(8, 20))) done();
    });
    socket.on('error', () => undefined);
    child.once('exit', exited);
    send();
  });
}
