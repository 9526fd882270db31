import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createStartupPhases, prepareData, startHousekeeping } from './startup.ts';

async function main() {
  const phases = createStartupPhases();
  const config = await phases.time('config', loadConfig);
  const database = await phases.time('database', () => openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const app = await phases.time('app', () => buildApp({ config, database }));
  phases.logTo(app.log);
  await phases.time('data', () => prepareData(config, database, app.services));
  const housekeeping = await phases.time('housekeeping', () => startHousekeeping(app.services, app.log));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    housekeeping.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await phases.time('listen', () => app.listen({ port: config.port, host: config.host }));
  phases.total();
  const everywhere = config.host === '0.0.0.0' || config.host === '::';
  const shown = everywhere ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  const address = `http://${shown}:${(app.server.address() as { port: number }).port}`;
  const reach = everywhere ? ', on every network interface' : '';
  const lines = [`Rozmova is running at ${address} (database: ${database.kind}${reach})`];
  if (config.production && config.payments.provider === 'sandbox') {
    const warning =
      'PAYMENT_PROVIDER=sandbox: checkouts go to the sandbox page, which marks a booking paid with no money; ' +
      'set LIQPAY_PUBLIC_KEY and LIQPAY_PRIVATE_KEY to take payments.';
    app.log.warn(warning);
    lines.push(`WARNING: ${warning}`);
  }
  if (!app.services.mailer.outbox) lines.push('E-mail goes through SMTP_URL.');
  else lines.push(`E-mail is kept in the development outbox: ${address}/dev/mail`);
  const demoAccounts = config.demoData ? app.services.demo.accounts() : [];
  if (demoAccounts.length > 0) {
    lines.push('Demo accounts (development data, never in production):');
    for (const account of demoAccounts) lines.push(`  ${account.role.padEnd(9)} ${account.email}  password: ${account.password}`);
  }
  const twoFactorRoles = config.twoFactor.requiredFor;
  if (twoFactorRoles.length > 0) {
    lines.push(
      `Two-factor sign-in (STAFF_2FA): ${twoFactorRoles.join(', ')} accounts set up an authenticator app at their first sign-in, ` +
        'after the password (any TOTP app: scan the QR code or type the secret).',
    );
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
