/**
 * Real processes for the multi-instance tests and the chat bench: a Redis server of their own, API instances as child
 * processes (as `npm start` runs one, on PostgreSQL and Redis), and HAProxy with sticky sessions in front of them. Each
 * listens on 127.0.0.1 only, on a free port, and is stopped (or killed) by its caller. Not a test file; no vitest here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';
const START_TIMEOUT_MS = 30_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Every process started here; killed when this process exits, however it ends (a crashed test, a bench giving up). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/**
 * Resolves once the process has printed `ready` (stdout or stderr); rejects when it exits first or takes too long.
 * Its output is read on (a full pipe would stop it) and handed to `listeners`.
 */
function started(child: ChildProcess, name: string, ready: RegExp, listeners = new Set<(text: string) => void>()) {
  let output = '';
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${START_TIMEOUT_MS} ms:\n${output}`)), START_TIMEOUT_MS);
    let match: RegExpMatchArray | null = null;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      for (const listener of listeners) listener(text);
      if (match) return;
      output += text;
      match = output.match(ready);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(match);
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it started:\n${output}`));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Ends the process with `signal` (SIGKILL after 10 s) and waits until it has exited. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Resolves once the process accepts TCP connections on the port (for servers that print nothing when ready). */
export async function accepting(child: ChildProcess, port: number, name: string): Promise<void> {
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${name} is not listening on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---- Redis ----------------------------------------------------------------------------------------

export interface RedisServer {
  url: string;
  /** Stops the server and starts it again on the same port, empty (nothing is saved). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** A redis-server of its own (Debian package `redis-server`) on a free port, saving nothing. */
export async function startRedis(): Promise<RedisServer> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install redis-server (.ci/run does)`);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'rozmova-redis-'));
  const run = async () => {
    const child = track(
      spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    await started(child, 'redis-server', /Ready to accept connections/);
    return child;
  };
  let child = await run();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      await stopProcess(child);
      child = await run();
    },
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---- Node servers: API instances -------------------------------------------------------------------

export interface NodeServer {
  url: string;
  port: number;
  pid: number;
  /** Hands the process's output (stdout and stderr, as it comes) to `listener`; answers a function that stops it. */
  onOutput(listener: (text: string) => void): () => void;
  /** kill -9: the process dies at once, with whatever it was doing. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A Node server script run with tsx (`node --import tsx <nodeArgs> <script>`) in `cwd`, with `env` on top of this
 * process's; ready once it prints `http://127.0.0.1:<port>` after `readyText`. It should listen on a free port (port 0).
 */
export async function startNodeServer(options: {
  script: string;
  cwd: string;
  readyText: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<NodeServer> {
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), options.script], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const listeners = new Set<(text: string) => void>();
  const ready = new RegExp(`${options.readyText} http://127\\.0\\.0\\.1:(\\d+)`);
  const [, port] = await started(child, options.script, ready, listeners);
  return {
    url: `http://127.0.0.1:${port}`,
    port: Number(port),
    pid: child.pid!,
    onOutput(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    kill: () => stopProcess(child, 'SIGKILL'),
    stop: () => stopProcess(child),
  };
}

/**
 * The API from its sources (`node --import tsx src/server.ts` in apps/api, as `npm start` runs its bundle), on the given PostgreSQL database and
 * Redis, on a free port, without demo data. `nodeArgs` come before the script (a bench's `--import` of its own).
 */
export async function startApiInstance(options: {
  databaseUrl: string;
  redisUrl: string;
  env?: Record<string, string>;
  nodeArgs?: string[];
}): Promise<NodeServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rozmova-instance-'));
  const server = await startNodeServer({
    script: 'src/server.ts',
    cwd: apiDir,
    readyText: 'Rozmova is running at',
    nodeArgs: options.nodeArgs,
    env: {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      PUBLIC_URL: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  return {
    ...server,
    kill: () => server.kill().finally(cleanUp),
    stop: () => server.stop().finally(cleanUp),
  };
}

// ---- HAProxy ---------------------------------------------------------------------------------------

/** The cookie HAProxy keeps a client on one instance with; its value is the instance's name. */
export const STICKY_COOKIE = 'rozmova_instance';

export interface Proxy {
  url: string;
  stop(): Promise<void>;
}

/**
 * HAProxy (Debian package `haproxy`) on a free port in front of the instances, round robin with sticky sessions by a
 * cookie it inserts (`rozmova_instance=<name>`): Socket.IO's long-polling needs every request of a connection on one
 * instance. Instances are checked every 200 ms (`GET /api/health`) and taken out after two failed checks in a row; a
 * check may take 5 s, since a loaded machine answers late and a live instance taken out sends its connections' polls
 * to another instance, which ends them (a killed one refuses the connection and fails at once). A request for one that
 * is down, or that cannot be reached, goes to another (`option redispatch`). WebSocket upgrades pass through.
 */
export async function startHaproxy(instances: { name: string; port: number }[]): Promise<Proxy> {
  if (!existsSync(HAPROXY)) throw new Error(`${HAPROXY} is missing: apt-get install haproxy (.ci/run does)`);
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'rozmova-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 8000',
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      '  timeout check 5s',
      '  retries 3',
      '  option redispatch 1',
      'frontend web',
      `  bind 127.0.0.1:${port}`,
      '  default_backend api',
      'backend api',
      '  balance roundrobin',
      `  cookie ${STICKY_COOKIE} insert indirect nocache`,
      '  option httpchk',
      '  http-check send meth GET uri /api/health',
      '  default-server check inter 200ms fall 2 rise 1',
      ...instances.map(({ name, port: instancePort }) => `  server ${name} 127.0.0.1:${instancePort} cookie ${name}`),
      '',
    ].join('\n'),
  );
  const child = track(spawn(HAPROXY, ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] }));
  await accepting(child, port, 'haproxy');
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
