import { spawn } from 'node:child_process';
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
  /** Everything it logged so far. */
  log(): string;
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
    '--log-file=stdout',
    '--simple-log',
    // -v logs the listeners as they open, which is how we know it is ready, and the sessions.
    '--verbose',
    `--pidfile=${path.join(dir, 'turnserver.pid')}`,
    `--userdb=${path.join(dir, 'turndb')}`,
  ];
  // coturn writes its log with stdio, fully buffered into a pipe: stdbuf makes it line-buffered so the lines come as they happen.
  const child = spawn('stdbuf', ['-oL', '-eL', TURNSERVER, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = `UDP listener opened on: 127.0.0.1:${listening}`;
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(ready)) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code, signal) => reject(new Error(`coturn exited (${code ?? signal}) before it listened:\n${output}`)));
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const urls = [`turn:127.0.0.1:${listening}?transport=udp`, `turn:127.0.0.1:${listening}?transport=tcp`];
  return {
    urls,
    secret,
    env: { TURN_URLS: urls.join(','), TURN_SECRET: secret },
    log: () => output,
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
