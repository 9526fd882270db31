/**
 * The multi-instance run of the browser suite (`E2E_CLUSTER=1`, docs/scaling.md): a fresh PostgreSQL database, a Redis
 * server of its own, two app instances and nginx in front with the configuration shipped in deploy/nginx.conf, only
 * its addresses changed. Each instance has its own data directory, as on two machines: what they share goes through
 * the database, Redis and the shared file storage.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accepting, startRedis, stopProcess } from '../../apps/api/src/test/cluster.ts';
import { createPostgresDatabase } from '../../apps/api/src/test/databases.ts';
import { ADMIN, appSettings, freePort, runApp, type AppInstance, type AppServer } from './app-server.ts';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const POSTGRES_URL = process.env.E2E_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const shippedConfig = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));
/** The upstream servers and the port of deploy/nginx.conf, as compose.yaml names them. */
const UPSTREAMS = ['app1:3000', 'app2:3000'];
const LISTEN = 'listen 8080;';

/**
 * How long nginx may leave out an instance after its last failure: `fail_timeout` in deploy/nginx.conf, plus a second
 * because nginx compares whole seconds (a failure at 10.9 s keeps the instance out until 16.0 s with 5 s).
 */
export function leftOutMs(config = readFileSync(shippedConfig, 'utf8')): number {
  const found = config.match(/fail_timeout=(\d+)s/);
  if (!found) throw new Error('deploy/nginx.conf has no fail_timeout');
  return (Number(found[1]) + 1) * 1000;
}

/** deploy/nginx.conf with the instances' and the proxy's loopback ports in place of compose's names. */
export function nginxConfig(proxyPort: number, instancePorts: number[]): string {
  let config = readFileSync(shippedConfig, 'utf8');
  for (const [i, upstream] of UPSTREAMS.entries()) {
    if (!config.includes(`server ${upstream} `)) throw new Error(`deploy/nginx.conf no longer names ${upstream}`);
    config = config.replace(`server ${upstream} `, `server 127.0.0.1:${instancePorts[i]} `);
  }
  if (!config.includes(LISTEN)) throw new Error(`deploy/nginx.conf no longer has "${LISTEN}"`);
  return config.replace(LISTEN, `listen 127.0.0.1:${proxyPort};`);
}

async function startNginx(proxyPort: number, instancePorts: number[]): Promise<{ stop(): Promise<void> }> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx (.ci/run does)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'rozmova-nginx-'));
  writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(proxyPort, instancePorts));
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr', '-g', `daemon off; pid ${dir}/nginx.pid;`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await accepting(child, proxyPort, 'nginx');
  return {
    async stop() {
      await stopProcess(child, 'SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startCluster(smtpUrl: string, env: Record<string, string>): Promise<AppServer> {
  const [database, redis, proxyPort, ...ports] = await Promise.all([
    createPostgresDatabase(POSTGRES_URL),
    startRedis(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  const baseURL = `http://127.0.0.1:${proxyPort}`;
  const dataDirs: string[] = [];
  const instances = ports.map((port): AppInstance & { stop(): Promise<void> } => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rozmova-e2e-'));
    dataDirs.push(dataDir);
    const settings = appSettings(port, dataDir, smtpUrl, {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      STORAGE_URL: 'database',
      TRUST_PROXY: 'true',
      // Links in e-mails and the pages' own address are the proxy's, as in a deployment.
      PUBLIC_URL: baseURL,
      ...env,
    });
    let child: ChildProcess | undefined;
    return {
      async start() {
        child = await runApp(settings);
      },
      async kill() {
        if (child) await stopProcess(child, 'SIGKILL');
      },
      async stop() {
        if (child) await stopProcess(child);
      },
    };
  });
  // Both start at once, as after a deployment: the database's startup lock lets one migrate and create the admin.
  await Promise.all(instances.map((instance) => instance.start()));
  const proxy = await startNginx(proxyPort, ports);
  return {
    baseURL,
    admin: ADMIN,
    instances,
    async stop() {
      await proxy.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
      await redis.stop();
      await database.drop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}
