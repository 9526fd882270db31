import type { Locale } from '@rozmova/contracts';
import { displayDates } from '../../lib/display-date.ts';

type Texts = Record<Locale, string>;

export interface NotificationTexts {
  message: Texts;
  email: { subject: Texts; text: Texts };
}

/** What a text may name: the people and the time, never the reason for the visit (health data). */
export interface AppointmentFacts {
  doctorName: string;
  patientName: string;
  start: Date;
}

const both = (uk: string, en: string): Texts => ({ uk, en });

const lines = (...parts: string[]) => parts.join('\n');
/** Paragraphs of an e-mail, the empty ones left out. */
const paragraphs = (...parts: string[]) => parts.filter((part) => part !== '').join('\n\n');

/**
 * SPEC.md §9: "new online session booking with specialist and date", "Консультацію відмінено",
 * "Консультацію перенесено на {date}". The patient's in-app texts are those; the doctor's name the patient.
 */
export const appointmentTexts = {
  createdForPatient(f: AppointmentFacts, extra?: { payBy?: Date; setPassword?: boolean }): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(
      `Ви записалися на онлайн-сесію з фахівцем ${f.doctorName} на ${date.uk}`,
      `You are booked for an online session with ${f.doctorName} on ${date.en}`,
    );
    const pay = extra?.payBy
      ? both(
          `Оплатіть консультацію до ${displayDates(extra.payBy).uk.split(', ')[1]}, інакше час звільниться.`,
          `Please pay by ${displayDates(extra.payBy).en.split(', ')[1]}, otherwise the time is released.`,
        )
      : both('', '');
    const password = extra?.setPassword
      ? both(
          lines(
            'Ваш обліковий запис створено без пароля. Щоб заходити з інших пристроїв, задайте пароль:',
            'у профілі («Задати пароль») на цьому пристрої або через «Забули пароль?» у вікні входу, вказавши цю пошту.',
          ),
          lines(
            'Your account was created without a password. To sign in from other devices, set one:',
            'in your profile ("Set password") on this device, or with "Forgot password?" in the sign-in window and this e-mail.',
          ),
        )
      : both('', '');
    return {
      message,
      email: {
        subject: both('Запис на онлайн-сесію', 'Your online session is booked'),
        text: { uk: paragraphs(message.uk, pay.uk, password.uk), en: paragraphs(message.en, pay.en, password.en) },
      },
    };
  },

  createdForDoctor(f: AppointmentFacts): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(
      `Новий запис на онлайн-сесію: ${f.patientName}, ${date.uk}`,
      `New online session booking: ${f.patientName}, ${date.en}`,
    );
    return { message, email: { subject: both('Новий запис', 'New booking'), text: message } };
  },

  cancelledForPatient(f: AppointmentFacts, why: 'payment-timeout' | 'other', refund: boolean): NotificationTexts {
    const date = displayDates(f.start);
    const message = both('Консультацію відмінено', 'The consultation has been cancelled');
    const reason =
      why === 'payment-timeout'
        ? both(
            'Оплата не надійшла протягом 15 хвилин, тому час звільнено.',
            'The payment did not arrive within 15 minutes, so the time was released.',
          )
        : both('', '');
    const money = refund ? both('Кошти буде повернено на вашу картку.', 'The payment will be refunded to your card.') : both('', '');
    return {
      message,
      email: {
        subject: both('Консультацію відмінено', 'Consultation cancelled'),
        text: {
          uk: paragraphs(`${message.uk}: ${f.doctorName}, ${date.uk}.`, reason.uk, money.uk),
          en: paragraphs(`${message.en}: ${f.doctorName}, ${date.en}.`, reason.en, money.en),
        },
      },
    };
  },

  cancelledForDoctor(f: AppointmentFacts): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(
      `Консультацію відмінено: ${f.patientName}, ${date.uk}`,
      `The consultation has been cancelled: ${f.patientName}, ${date.en}`,
    );
    return { message, email: { subject: both('Консультацію відмінено', 'Consultation cancelled'), text: message } };
  },

  movedForPatient(f: AppointmentFacts): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(`Консультацію перенесено на ${date.uk}`, `The consultation has been moved to ${date.en}`);
    return {
      message,
      email: {
        subject: both('Консультацію перенесено', 'Consultation moved'),
        text: { uk: `${message.uk}. Фахівець: ${f.doctorName}.`, en: `${message.en}. Specialist: ${f.doctorName}.` },
      },
    };
  },

  movedForDoctor(f: AppointmentFacts): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(
      `Консультацію з ${f.patientName} перенесено на ${date.uk}`,
      `The consultation with ${f.patientName} has been moved to ${date.en}`,
    );
    return { message, email: { subject: both('Консультацію перенесено', 'Consultation moved'), text: message } };
  },

  reminder(f: AppointmentFacts, minutesBefore: number, forDoctor: boolean): NotificationTexts {
    const date = displayDates(f.start);
    const other = forDoctor ? f.patientName : f.doctorName;
    const message =
      minutesBefore >= 60
        ? both(
            forDoctor ? `Нагадування: онлайн-сесія з ${other} ${date.uk}` : `Нагадування: онлайн-сесія з фахівцем ${other} ${date.uk}`,
            forDoctor ? `Reminder: online session with ${other} on ${date.en}` : `Reminder: online session with ${other} on ${date.en}`,
          )
        : both(
            `Онлайн-сесія з ${forDoctor ? '' : 'фахівцем '}${other} почнеться за ${minutesBefore} хвилин (${date.uk}). Приєднатися можна за 10 хвилин до початку.`,
            `Your online session with ${other} starts in ${minutesBefore} minutes (${date.en}). You can join from 10 minutes before the start.`,
          );
    return { message, email: { subject: both('Нагадування про онлайн-сесію', 'Online session reminder'), text: message } };
  },

  paid(f: AppointmentFacts): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(
      `Оплату отримано: онлайн-сесія з фахівцем ${f.doctorName} ${date.uk}`,
      `Payment received: online session with ${f.doctorName} on ${date.en}`,
    );
    return { message, email: { subject: both('Оплату отримано', 'Payment received'), text: message } };
  },

  refunded(f: AppointmentFacts): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(`Кошти за консультацію ${date.uk} повернено`, `The payment for the consultation on ${date.en} has been refunded`);
    return { message, email: { subject: both('Кошти повернено', 'Payment refunded'), text: message } };
  },
};

/** The calendar file's event, in the reader's language; `other` is the other person of the consultation. */
export function calendarTexts(locale: Locale, other: string, joinUrl: string, joinOpensMinutes: number) {
  return locale === 'uk'
    ? {
        summary: `Онлайн-консультація: ${other}`,
        description: `Приєднатися можна за ${joinOpensMinutes} хвилин до початку: ${joinUrl}`,
      }
    : {
        summary: `Online consultation: ${other}`,
        description: `You can join from ${joinOpensMinutes} minutes before the start: ${joinUrl}`,
      };
}
