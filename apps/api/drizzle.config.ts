import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/schema-chat.ts', './src/db/schema-staff.ts', './src/db/schema-files.ts'],
  out: './src/db/migrations',
});
