import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database });
  const { accounts, demo, rateLimit } = app.services;

  if (config.admin) await accounts.ensureAdmin(config.admin.email, config.admin.password);
  if (config.demoData) await demo.seedIfEmpty();
  // Our own quiz questions on an empty database, in production too: the quiz is part of the product, not demo data.
  await app.services.quiz.seedIfEmpty();
  const purge = setInterval(() => void rateLimit.purgeOld().catch(() => undefined), 60 * 60 * 1000);
  purge.unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(purge);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = `http://${shown}:${(app.server.address() as { port: number }).port}`;
  const lines = [`Rozmova is running at ${address} (database: ${database.kind})`];
  if (!app.services.mailer.outbox) lines.push('E-mail goes through SMTP_URL.');
  else lines.push(`E-mail is kept in the development outbox: ${address}/dev/mail`);
  const demoAccounts = config.demoData ? demo.accounts() : [];
  if (demoAccounts.length > 0) {
    lines.push('Demo accounts (development data, never in production):');
    for (const account of demoAccounts) lines.push(`  ${account.role.padEnd(9)} ${account.email}  password: ${account.password}`);
  }
  console.log(`\n${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Rozmova could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
