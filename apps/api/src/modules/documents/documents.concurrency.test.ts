import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { DOCUMENTS_PER_PATIENT } from '@rozmova/contracts';
import { patients, userReferences } from '../../db/schema.ts';
import { uploadDocument } from '../../test/factories.ts';
import { fileTestApp, PDF, registerPatient } from '../../test/harness.ts';

const t = await fileTestApp();

test('50 uploads at once with room for 2 more documents: 2 are kept, 48 refused, no file left behind', async () => {
  const patient = await registerPatient(t.app, t.mail);
  const [row] = await t.database.db.select({ id: patients.id }).from(patients).where(eq(patients.userId, patient.userId));
  const patientId = row!.id;
  await t.database.db.insert(userReferences).values(
    Array.from({ length: DOCUMENTS_PER_PATIENT - 2 }, (_, i) => ({
      patientId,
      fileName: `seed-${i}.pdf`,
      storageKey: `document-${randomUUID()}`,
      contentType: 'application/pdf',
      size: 1,
    })),
  );

  const responses = await Promise.all(Array.from({ length: 50 }, () => uploadDocument(t, patient, PDF)));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(2);
  expect(statuses.filter((s) => s === 409)).toHaveLength(48);
  expect(responses.filter((r) => r.status === 409).every((r) => r.body.code === 'DOCUMENT_LIMIT_REACHED')).toBe(true);
  const rows = await t.database.db.select().from(userReferences).where(eq(userReferences.patientId, patientId));
  expect(rows).toHaveLength(DOCUMENTS_PER_PATIENT);
  expect(readdirSync(path.join(t.config.dataDir, 'uploads'))).toHaveLength(2);
});
