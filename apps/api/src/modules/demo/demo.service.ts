import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Role } from '@rozmova/contracts';
import type { AccountsService } from '../accounts/accounts.service.ts';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

const demoPeople: { role: Role; email: string; userName: string }[] = [
  { role: 'patient', email: 'patient@demo.rozmova.local', userName: 'Олена Коваленко' },
  { role: 'doctor', email: 'doctor@demo.rozmova.local', userName: 'Др. Андрій Мельник' },
  { role: 'operator', email: 'operator@demo.rozmova.local', userName: 'Ірина Шевчук' },
  { role: 'admin', email: 'admin@demo.rozmova.local', userName: 'Адміністратор' },
];

/**
 * Demo accounts for a fresh development database. Their passwords are random, made at first start,
 * and kept in DATA_DIR so they can be printed at every start.
 */
export function createDemoService(deps: { accounts: AccountsService; dataDir: string }) {
  const file = path.join(deps.dataDir, 'demo-accounts.json');
  return {
    async seedIfEmpty(): Promise<void> {
      if (!(await deps.accounts.isEmpty())) return;
      const created: DemoAccount[] = [];
      for (const person of demoPeople) {
        const password = `demo-${randomBytes(6).toString('base64url')}`;
        await deps.accounts.createAccount({ ...person, password, emailVerified: true, locale: 'uk' });
        created.push({ role: person.role, email: person.email, password });
      }
      mkdirSync(deps.dataDir, { recursive: true });
      writeFileSync(file, JSON.stringify(created, null, 2), { mode: 0o600 });
    },
    accounts(): DemoAccount[] {
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoAccount[]) : [];
    },
  };
}
