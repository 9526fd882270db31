// The boundary rules of eslint.config.js fire on a deliberate violation in each zone and stay quiet on allowed imports.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function problems(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

async function assertFires(filePath, code, ruleId, text) {
  const found = await problems(filePath, code);
  assert.ok(
    found.some((problem) => problem.startsWith(`${ruleId}: `) && (!text || problem.includes(text))),
    `${ruleId} should fire in ${filePath}, got: ${found.join('; ') || 'nothing'}`,
  );
}

async function assertClean(filePath, code) {
  assert.deepEqual(await problems(filePath, code), []);
}

describe('web boundaries', () => {
  test('a feature never imports another feature', async () => {
    await assertFires(
      'apps/web/src/features/booking/probe.ts',
      "import { useUpdateProfile } from '../cabinet/api.ts';\nexport const probe = useUpdateProfile;\n",
      'import-x/no-restricted-paths',
      'never imports another feature',
    );
  });

  test('a feature never imports app/', async () => {
    await assertFires(
      'apps/web/src/features/booking/probe.ts',
      "import { buildTheme } from '../../app/theme.ts';\nexport const probe = buildTheme;\n",
      'import-x/no-restricted-paths',
      'never imports app/',
    );
  });

  test('lib/ never imports features/, components/ never import app/', async () => {
    await assertFires(
      'apps/web/src/lib/probe.ts',
      "import '../features/booking/steps.ts';\n",
      'import-x/no-restricted-paths',
      'never import features/ or app/',
    );
    await assertFires(
      'apps/web/src/components/probe.tsx',
      "import '../app/theme.ts';\n",
      'import-x/no-restricted-paths',
      'never import features/ or app/',
    );
  });

  test('a feature may import its own files, components/ and lib/', async () => {
    await assertClean(
      'apps/web/src/features/booking/probe.ts',
      [
        "import { bookingSteps } from './steps.ts';",
        "import { SectionCard } from '../../components/section-card.tsx';",
        "import { appPaths } from '../../lib/paths.ts';",
        'export const probe = [bookingSteps, SectionCard, appPaths];',
        '',
      ].join('\n'),
    );
  });
});

describe('API boundaries', () => {
  test("a module never imports another module's repository, type imports included", async () => {
    await assertFires(
      'apps/api/src/modules/patients/probe.ts',
      "import type { findAccountById } from '../accounts/accounts.repository.ts';\nexport type Probe = typeof findAccountById;\n",
      'import-x/no-restricted-paths',
      "another module's repository",
    );
  });

  test('services and repositories never import Fastify', async () => {
    await assertFires(
      'apps/api/src/modules/patients/patients.service.ts',
      "import type { FastifyInstance } from 'fastify';\nexport type Probe = FastifyInstance;\n",
      'no-restricted-imports',
      'never import Fastify',
    );
    await assertFires(
      'apps/api/src/modules/patients/patients.repository.ts',
      "import '@fastify/static';\n",
      'no-restricted-imports',
      'never import Fastify',
    );
  });

  test('a file cycle made only of a type import is refused', async () => {
    // accounts.service.ts imports lib/app-error.ts, so app-error.ts may not import it back, not even a type.
    await assertFires(
      'apps/api/src/lib/app-error.ts',
      "import type { AccountsService } from '../modules/accounts/accounts.service.ts';\nexport type Probe = AccountsService;\n",
      'rozmova/no-cycle',
      'Import cycle',
    );
  });

  test('a cycle between modules is refused even without a file cycle', async () => {
    // patients imports quiz (the card's answers are scored there), so quiz may not import patients.
    await assertFires(
      'apps/api/src/modules/quiz/probe.ts',
      "import type { PatientsService } from '../patients/patients.service.ts';\nexport type Probe = PatientsService;\n",
      'rozmova/no-cycle',
      'Module cycle',
    );
  });

  test("a module may import its own repository, another module's service, and routes may import Fastify", async () => {
    await assertClean(
      'apps/api/src/modules/patients/probe.ts',
      [
        "import type { insertPatientWithCard } from './patients.repository.ts';",
        "import type { AccountsService } from '../accounts/accounts.service.ts';",
        'export type Probe = [typeof insertPatientWithCard, AccountsService];',
        '',
      ].join('\n'),
    );
    await assertClean(
      'apps/api/src/modules/patients/patients.routes.ts',
      "import type { FastifyInstance } from 'fastify';\nexport type Probe = FastifyInstance;\n",
    );
  });
});

describe('tables and their owners', () => {
  test("a module's repository never names another module's table, by import or in raw SQL", async () => {
    await assertFires(
      'apps/api/src/modules/messages/probe.repository.ts',
      "import { users } from '../../db/schema.ts';\nexport const probe = users;\n",
      'rozmova/table-owners',
      'belongs to the module accounts',
    );
    await assertFires(
      'apps/api/src/modules/push/probe.repository.ts',
      "import { sql } from 'drizzle-orm';\nexport const probe = sql`select m.id from messages m`;\n",
      'rozmova/table-owners',
      'belongs to the module messages',
    );
  });

  test("only a module's repositories and views name its own tables", async () => {
    await assertFires(
      'apps/api/src/modules/messages/messages.service.ts',
      "import { messages } from '../../db/schema-chat.ts';\nexport const probe = messages;\n",
      'rozmova/table-owners',
      'Only the module',
    );
    await assertFires(
      'apps/api/src/realtime/probe.ts',
      "import { sessions } from '../db/schema.ts';\nexport const probe = sessions;\n",
      'rozmova/table-owners',
      'only inside modules',
    );
  });

  test("another module joins the owner's view, and a view closes no module cycle", async () => {
    await assertClean(
      'apps/api/src/modules/messages/probe.repository.ts',
      [
        "import { sql } from 'drizzle-orm';",
        "import { messages } from '../../db/schema-chat.ts';",
        "import { accountsView } from '../accounts/accounts.views.ts';",
        "export const probe = sql`select u.id from ${accountsView('u')} join messages m on m.sender_id = u.id ${messages}`;",
        '',
      ].join('\n'),
    );
    // patients joins accounts' view and accounts joins patients' view: neither is a cycle.
    await assertClean(
      'apps/api/src/modules/accounts/probe.repository.ts',
      "import { patientsView } from '../patients/patients.views.ts';\nexport const probe = patientsView('p');\n",
    );
  });
});

describe('contracts', () => {
  test('contracts import only zod and themselves', async () => {
    await assertFires('packages/contracts/src/probe.ts', "import 'fastify';\n", 'no-restricted-imports');
    await assertFires('packages/contracts/src/probe.ts', "import 'node:fs';\n", 'no-restricted-imports');
    await assertFires('packages/contracts/src/probe.ts', "import '../../../apps/api/src/config.ts';\n", 'import-x/no-restricted-paths');
    await assertClean(
      'packages/contracts/src/probe.ts',
      "import { z } from 'zod';\nimport { roleSchema } from './common.ts';\nexport const probe = z.array(roleSchema);\n",
    );
  });
});

describe('an import without its file extension cannot bypass a boundary', () => {
  // The same violations as above, written without the extension (which the resolver cannot follow): each is refused.
  const extensionless = [
    [
      'apps/web/src/features/booking/probe.ts',
      "import { useUpdateProfile } from '../cabinet/api';\nexport const probe = useUpdateProfile;\n",
    ],
    ['apps/web/src/lib/probe.ts', "import '../features/booking/steps';\n"],
    ['apps/web/src/components/probe.tsx', "import '../app/theme';\n"],
    ['apps/web/src/features/booking/probe.ts', "import '../../app/theme';\n"],
    [
      'apps/api/src/modules/patients/probe.ts',
      "import type { QuestionRow } from '../quiz/quiz.repository';\nexport type Probe = QuestionRow;\n",
    ],
    ['packages/contracts/src/probe.ts', "import '../../../apps/api/src/config';\n"],
  ];
  for (const [filePath, code] of extensionless) {
    test(`refused in ${filePath}`, async () => {
      await assertFires(filePath, code, '@typescript-eslint/no-restricted-imports', 'Name the file with its extension');
    });
  }

  test('an import with its extension resolves', async () => {
    await assertClean(
      'apps/web/src/features/booking/probe.ts',
      "import { bookingSteps } from './steps.ts';\nexport const probe = bookingSteps;\n",
    );
  });
});
