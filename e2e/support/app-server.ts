import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// The push spec's local push service: its settings go to every app the suite starts.
import { PUSH_ENDPOINT_ENV } from '../../apps/api/src/test/push-endpoint.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface AppServer {
  baseURL: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
}

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

/**
 * The built app as a user runs it (`npm start` without the build), on a free port with a fresh data directory.
 * `env` adds or overrides settings of the app's process (the TURN server of the meeting specs, for one).
 */
export async function startAppServer(smtpUrl: string, env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rozmova-e2e-'));
  const admin = { email: 'admin@e2e.rozmova.test', password: 'Adm1n-e2e-Passw0rd' };
  const child: ChildProcess = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtpUrl,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      // No PUBLIC_URL, as with `npm start` on another port: it defaults from PORT, and the browser's own links are paths.
      PUBLIC_URL: '',
      // Push endpoints of the local push service (http on a loopback port): listed, with the tests-only loopback opt-in.
      ...PUSH_ENDPOINT_ENV,
      // Staff sign in with the password alone; two-factor.spec.ts sets STAFF_2FA=required (docs/two-factor.md).
      STAFF_2FA: 'optional',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Rozmova is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`The app exited with ${code} before it started:\n${output}`)));
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    admin,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
