import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The push spec's local push service: its settings go to every app the suite starts.
import { PUSH_ENDPOINT_ENV } from '../../apps/api/src/test/push-endpoint.ts';
// One way to end a child process for both suites: a signal, SIGKILL after 10 s, and the wait for its exit.
import { stopProcess } from '../../apps/api/src/test/cluster.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** One API process of the app; `start` runs it again on its port after a `kill`. */
export interface AppInstance {
  /** kill -9: the process dies at once, with whatever it was doing. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

export interface AppServer {
  baseURL: string;
  admin: { email: string; password: string };
  /** The instances behind the proxy in a multi-instance run (`E2E_CLUSTER=1`); none when the app is one process. */
  instances: AppInstance[];
  stop(): Promise<void>;
}

export const ADMIN = { email: 'admin@e2e.rozmova.test', password: 'Adm1n-e2e-Passw0rd' };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The settings of every app process the suite starts; `env` adds or overrides. */
export function appSettings(port: number, dataDir: string, smtpUrl: string, env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: smtpUrl,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // No PUBLIC_URL, as with `npm start` on another port: it defaults from PORT, and the browser's own links are paths.
    PUBLIC_URL: '',
    // Push endpoints of the local push service (http on a loopback port): listed, with the tests-only loopback opt-in.
    ...PUSH_ENDPOINT_ENV,
    // Staff sign in with the password alone; two-factor.spec.ts sets STAFF_2FA=required (docs/two-factor.md).
    STAFF_2FA: 'optional',
    ...env,
  };
}

/** Runs the built app as a user does (`npm start` without the build) with `settings`; resolves once it listens. */
export function runApp(settings: NodeJS.ProcessEnv): Promise<ChildProcess> {
  // Node itself with tsx's loader, not the `tsx` command: its pid is the server's, so a kill reaches the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: settings,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<ChildProcess>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Rozmova is running at')) resolve(child);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The app exited with ${code} before it started:\n${output}`)));
  });
}

/**
 * The app on a free port with a fresh data directory; with `cluster`, two instances behind nginx on PostgreSQL and
 * Redis instead (support/cluster.ts). `env` adds or overrides settings of the app's processes (the TURN server of the
 * meeting specs, for one).
 */
export async function startAppServer(smtpUrl: string, env: Record<string, string> = {}, cluster = false): Promise<AppServer> {
  if (cluster) {
    const { startCluster } = await import('./cluster.ts');
    return startCluster(smtpUrl, env);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rozmova-e2e-'));
  const child = await runApp(appSettings(port, dataDir, smtpUrl, env));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    admin: ADMIN,
    instances: [],
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
