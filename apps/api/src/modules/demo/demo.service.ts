import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Role, UpdateDoctorBody, WeeklyHours } from '@rozmova/contracts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { DoctorsService } from '../doctors/doctors.service.ts';
import type { FaqService } from '../faq/faq.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';
import { demoFaq } from './demo-faq.ts';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
}

const hours = (weekdays: number[], start: string, end: string): WeeklyHours[] => weekdays.map((weekday) => ({ weekday, start, end }));

interface DemoPerson {
  role: Role;
  email: string;
  userName: string;
  /** For a doctor: its public profile and hours. */
  doctor?: UpdateDoctorBody;
  /** For a patient: free (ADRA) consultations to try the free booking path. */
  freeConsultations?: number;
}

const demoPeople: DemoPerson[] = [
  { role: 'patient', email: 'patient@demo.rozmova.local', userName: 'Олена Коваленко', freeConsultations: 1 },
  {
    role: 'doctor',
    email: 'doctor@demo.rozmova.local',
    userName: 'Др. Андрій Мельник',
    doctor: {
      name_en: 'Dr Andrii Melnyk',
      specialisations: ['psychotherapist', 'psychologist'],
      bio: {
        uk: 'Психотерапевт, когнітивно-поведінкова терапія. Працює з тривогою, вигоранням і наслідками стресу.',
        en: 'Psychotherapist practising cognitive behavioural therapy. Works with anxiety, burnout and the effects of stress.',
      },
      languages: ['uk', 'en'],
      experience_years: 12,
      price: 80_000,
      weekly_hours: hours([1, 2, 3, 4, 5], '09:00', '18:00'),
    },
  },
  {
    role: 'doctor',
    email: 'psychiatrist@demo.rozmova.local',
    userName: 'Др. Оксана Бондаренко',
    doctor: {
      name_en: 'Dr Oksana Bondarenko',
      specialisations: ['psychiatrist'],
      bio: {
        uk: 'Лікарка-психіатриня. Депресія, біполярний розлад, підбір і супровід медикаментозного лікування.',
        en: 'Psychiatrist. Depression, bipolar disorder, choosing and following up medication.',
      },
      languages: ['uk'],
      experience_years: 18,
      price: 120_000,
      consultation_minutes: 40,
      buffer_minutes: 20,
      weekly_hours: hours([2, 3, 4, 5, 6], '10:00', '16:00'),
    },
  },
  {
    role: 'doctor',
    email: 'child-psychologist@demo.rozmova.local',
    userName: 'Марія Ткаченко',
    doctor: {
      name_en: 'Mariia Tkachenko',
      specialisations: ['child-psychologist', 'psychologist'],
      bio: {
        uk: 'Дитяча психологиня. Підлітки, шкільний стрес, підтримка батьків після переїзду.',
        en: 'Child psychologist. Teenagers, school stress, support for parents after relocation.',
      },
      languages: ['uk', 'en', 'pl'],
      experience_years: 7,
      price: 60_000,
      weekly_hours: [...hours([1, 3, 5], '12:00', '20:00'), ...hours([6], '10:00', '14:00')],
    },
  },
  {
    role: 'doctor',
    email: 'neurologist@demo.rozmova.local',
    userName: 'Др. Ігор Савчук',
    doctor: {
      name_en: 'Dr Ihor Savchuk',
      specialisations: ['neurologist', 'family-doctor'],
      bio: {
        uk: 'Невролог і сімейний лікар. Головний біль, порушення сну, наслідки травм.',
        en: 'Neurologist and family doctor. Headaches, sleep problems, after-effects of injuries.',
      },
      languages: ['uk', 'en'],
      experience_years: 22,
      price: 90_000,
      consultation_minutes: 30,
      buffer_minutes: 10,
      weekly_hours: hours([1, 2, 3, 4], '08:00', '14:00'),
    },
  },
  { role: 'operator', email: 'operator@demo.rozmova.local', userName: 'Ірина Шевчук' },
  { role: 'admin', email: 'admin@demo.rozmova.local', userName: 'Адміністратор' },
];

/**
 * Demo accounts for a fresh development database (the caller decides it is fresh). Their passwords are random, made at first start,
 * and kept in DATA_DIR so they can be printed at every start. Demo doctors get a full profile and working hours; the demo
 * patient one free consultation.
 */
export function createDemoService(deps: {
  accounts: AccountsService;
  doctors: Pick<DoctorsService, 'configure'>;
  patients: Pick<PatientsService, 'giveBackFreeConsultation'>;
  faq: Pick<FaqService, 'seedIfEmpty'>;
  dataDir: string;
}) {
  const file = path.join(deps.dataDir, 'demo-accounts.json');
  return {
    async seed(): Promise<void> {
      await deps.faq.seedIfEmpty(demoFaq);
      const created: DemoAccount[] = [];
      for (const { doctor, freeConsultations = 0, ...person } of demoPeople) {
        // ADMIN_EMAIL may name a demo address: that account is the configured admin.
        if (await deps.accounts.findByEmail(person.email)) continue;
        const password = `demo-${randomBytes(6).toString('base64url')}`;
        const user = await deps.accounts.createAccount({ ...person, password, emailVerified: true, locale: 'uk' });
        if (doctor) await deps.doctors.configure(user.id, { ...doctor, published: true });
        if (freeConsultations > 0) {
          const { patientId } = await deps.accounts.getAccount(user.id);
          for (let i = 0; i < freeConsultations; i++) await deps.patients.giveBackFreeConsultation(patientId!);
        }
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
