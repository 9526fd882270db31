import type { DocumentContentType, SpecialistApplication } from '@rozmova/contracts';
import type { ApplicationWithUser } from './specialists.repository.ts';

export function toApplication({ application: a, email, userName, locale }: ApplicationWithUser): SpecialistApplication {
  return {
    id: a.id,
    user_id: a.userId,
    email,
    user_name: userName,
    locale,
    status: a.status,
    name_en: a.nameEn,
    specialisations: a.specialisations,
    bio: a.bio,
    languages: a.languages,
    experience_years: a.experienceYears,
    diploma:
      a.diplomaStorageKey && a.diplomaContentType && a.diplomaSize !== null && a.diplomaFileName
        ? { content_type: a.diplomaContentType as DocumentContentType, size: a.diplomaSize, file_name: a.diplomaFileName }
        : null,
    rejection_reason: a.rejectionReason,
    submitted_at: a.submittedAt?.toISOString() ?? null,
    decided_at: a.decidedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
