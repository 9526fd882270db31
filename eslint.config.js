// The architecture's boundaries as lint rules (docs/architecture.md, "Lint"); tools/lint-rules.test.js proves each fires.
import fs from 'node:fs';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import rozmova from './tools/eslint-plugin-rozmova.js';

const folders = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const webFeatures = folders('./apps/web/src/features/');
const apiModules = folders('./apps/api/src/modules/');

// Which module owns each table (the schema's export names): only its repositories and views name it.
const tableOwners = {
  accounts: ['users'],
  appointments: ['appointments'],
  audit: ['auditLog'],
  auth: ['sessions', 'verificationCodes'],
  corporate: ['corporateLeads'],
  doctors: ['doctors'],
  documents: ['userReferences'],
  faq: ['faqTopics', 'faqQuestions'],
  feedback: ['feedback'],
  files: ['storedFiles', 'storedFileChunks'],
  jobs: ['jobs'],
  meetings: ['callEvents'],
  messages: ['messages'],
  notifications: ['notifications'],
  'patient-notes': ['patientNotes'],
  patients: ['patients', 'patientCards'],
  payments: ['payments', 'paymentCallbacks'],
  push: ['pushSubscriptions', 'broadcasts'],
  quiz: ['quizQuestions'],
  'rate-limit': ['rateLimits'],
  specialists: ['specialistApplications'],
  support: ['cannedReplies', 'operatorAvailability', 'supportEvents'],
  'support-desk': ['supportRequests', 'supportRequestLinks', 'supportRequestReplies'],
  system: ['settings'],
  'two-factor': ['twoFactorAuthenticators', 'twoFactorChallenges', 'twoFactorRecoveryCodes'],
};

const fastifyImports = {
  patterns: [{ regex: '^(fastify|@fastify/.*)$', message: 'Services and repositories never import Fastify.' }],
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      'data/',
      '**/coverage/',
      '**/test-results/',
      '**/playwright-report/',
      'bench/results/',
      'apps/api/src/db/migrations/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The hook rules with the React Compiler's diagnostics (refs, purity, set-state-in-effect…), all as errors.
    rules: {
      ...Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, 'error'])),
    },
  },
  // The web push service worker, plain JavaScript served as it is.
  { files: ['apps/web/public/sw.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    plugins: { 'import-x': importX, rozmova },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A web feature never imports another feature; move what both need to components/ or lib/.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'A feature never imports app/ (the router and shell import features, not the other way).',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib/ and components/ never import features/ or app/.',
            },
            ...apiModules.map((module) => ({
              target: `./apps/api/src/modules/${module}`,
              from: apiModules.filter((other) => other !== module).map((other) => `./apps/api/src/modules/${other}/**/*.repository.ts`),
              message: "A module never imports another module's repository (types included); call its service.",
            })),
            {
              target: './packages/contracts',
              from: ['./apps', './e2e', './bench'],
              message: 'contracts import only zod and themselves.',
            },
          ],
        },
      ],
      'rozmova/no-cycle': ['error', { roots: ['apps/api/src', 'apps/web/src'] }],
      'rozmova/table-owners': ['error', { apiRoot: 'apps/api/src', owners: tableOwners }],
      // A relative import names its file with its extension, type imports included: one the resolver cannot find
      // (`'../auth/api'`) would pass every boundary above unseen. And it names a file that exists.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\.?(?!.*\\.(tsx?|m?js|cjs|json|css|svg|png|jpe?g|webp|woff2?)$)',
              message: 'Name the file with its extension (.ts, .tsx, .json…), so the import boundaries can see it.',
            },
          ],
        },
      ],
      'import-x/no-unresolved': ['error', { ignore: ['^[^.]'] }],
    },
  },
  {
    files: ['apps/api/src/**/*.service.ts', 'apps/api/src/**/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', fastifyImports] },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    ignores: ['packages/contracts/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod(/|$)|\\.)', message: 'contracts import only zod and themselves.' }] },
      ],
    },
  },
);
