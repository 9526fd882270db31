import {
  consultationLanguageLabels,
  doctorsApi,
  specialisationLabels,
  specialisations,
  type Doctor,
  type ListDoctorsQuery,
  type Specialisation,
} from '@rozmova/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The name of a specialisation in the interface language (the labels search also matches). */
export const specialisationText = (specialisation: Specialisation, locale: string) =>
  specialisationLabels[specialisation][locale === 'uk' ? 'uk' : 'en'];

/** The specialisation a URL parameter or a select names; undefined for none or an unknown one. */
export const specialisationOf = (value: string | null | undefined): Specialisation | undefined =>
  specialisations.includes(value as Specialisation) ? (value as Specialisation) : undefined;

/** The doctor's name for the reader: English readers see the Latin-letter name when the doctor has one. */
export const doctorName = (doctor: Pick<Doctor, 'user_name' | 'doctor_name_en'>, locale: string) =>
  locale === 'en' && doctor.doctor_name_en ? doctor.doctor_name_en : doctor.user_name;

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A language code as its name in the interface language ("uk" → "Ukrainian" / "українська"): the ten offered
 * languages from their labels (no Intl, whose first use costs a slow phone tens of milliseconds), any other saved code
 * from Intl, made once per interface language.
 */
export function languageText(code: string, locale: string): string {
  const language = locale === 'uk' ? 'uk' : 'en';
  const known = Object.hasOwn(consultationLanguageLabels, code) ? consultationLanguageLabels[code]![language] : undefined;
  if (known) return known;
  try {
    let names = displayNames.get(language);
    if (!names) displayNames.set(language, (names = new Intl.DisplayNames([language], { type: 'language' })));
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** GET /v1/doctors (public), or GET /v1/doctors/search?query= when a search text is given. */
export function useDoctors(query: ListDoctorsQuery & { search?: string } = {}) {
  const search = query.search?.trim() ?? '';
  return useQuery({
    queryKey: queryKeys.doctors.list(query.specialisation ?? null, query.language ?? null, search),
    queryFn: async ({ signal }) => {
      if (!search)
        return call(doctorsApi.list, {
          query: { specialisation: query.specialisation, language: query.language },
          signal,
        });
      const found = await call(doctorsApi.search, { query: { query: search.slice(0, 100) }, signal });
      return found.filter(
        (doctor) =>
          (!query.specialisation || doctor.specialisations.includes(query.specialisation)) &&
          (!query.language || doctor.languages.includes(query.language)),
      );
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useDoctor(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.doctors.one(id),
    queryFn: ({ signal }) => call(doctorsApi.get, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    staleTime: 60_000,
  });
}

export interface SlotRange {
  /** The first instant to look from (ISO). */
  from: Date;
  /** The end of the range (exclusive). */
  to: Date;
}

/**
 * Free start times of a doctor between two instants (GET /v1/doctors/:id/available-slots; `patientId` leaves
 * out the times the patient has booked elsewhere). Refreshed when the window regains focus and every minute,
 * so a time someone else booked disappears.
 */
export function useAvailableSlots(doctorId: string | undefined, range: SlotRange | null, patientId?: string) {
  const from = range ? range.from.toISOString() : '';
  const to = range ? range.to.toISOString() : '';
  return useQuery({
    queryKey: queryKeys.doctors.slotsBetween(doctorId, from, to, patientId ?? null),
    queryFn: async ({ signal }) => {
      const start = new Date(from);
      const end = new Date(to);
      const duration = Math.min(62, Math.max(1, Math.ceil((end.getTime() - start.getTime()) / 86_400_000) + 1));
      const slots = await call(doctorsApi.availableSlots, {
        params: { id: doctorId! },
        query: { patientId, startDate: from, duration },
        signal,
      });
      return slots.filter((slot) => {
        const at = Date.parse(slot);
        return at >= start.getTime() && at < end.getTime();
      });
    },
    enabled: Boolean(doctorId && range && range.from < range.to),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
}
