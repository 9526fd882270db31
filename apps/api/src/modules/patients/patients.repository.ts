import type { Db } from '../../db/client.ts';
import { patientCards, patients } from '../../db/schema.ts';
import { eq, sql } from 'drizzle-orm';

export async function insertPatientWithCard(db: Db, userId: string) {
  const [patient] = await db.insert(patients).values({ userId }).returning({ id: patients.id });
  const [card] = await db.insert(patientCards).values({ patientId: patient!.id }).returning({ id: patientCards.id });
  return { patientId: patient!.id, cardId: card!.id };
}

export async function clearCardOfUser(db: Db, userId: string) {
  await db
    .update(patientCards)
    .set({
      quizzResults: [],
      quizzRecommendations: [],
      notes: [],
      quizzIsCompleted: false,
      updatedAt: sql`now()`,
    })
    .where(eq(patientCards.patientId, db.select({ id: patients.id }).from(patients).where(eq(patients.userId, userId))));
}
