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

/** An amount in kopiyky in hryvnias: "800 грн", "UAH 800". */
function hryvnias(kopiyky: number): Texts {
  const amount = (kopiyky / 100).toFixed(kopiyky % 100 === 0 ? 0 : 2);
  return both(`${amount} грн`, `UAH ${amount}`);
}

const lines = (...parts: string[]) => parts.join('\n');
/** Paragraphs of an e-mail, the empty ones left out. */
const paragraphs = (...parts: string[]) => parts.filter((part) => part !== '').join('\n\n');

/**
 * docs/product.md §9: "new online session booking with specialist and date", "Консультацію відмінено",
 * "Консультацію перенесено на {date}". The patient's in-app texts are those; the doctor's name the patient.
 */
export const appointmentTexts = {
  createdForPatient(f: AppointmentFacts, extra?: { payBy?: Date; price?: number; setPassword?: boolean }): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(
      `Ви записалися на онлайн-сесію з фахівцем ${f.doctorName} на ${date.uk}`,
      `You are booked for an online session with ${f.doctorName} on ${date.en}`,
    );
    const pay = extra?.payBy
      ? both(
          `Оплатіть консультацію (${hryvnias(extra.price ?? 0).uk}) до ${displayDates(extra.payBy).uk} за посиланням нижче, інакше час звільниться.`,
          `Please pay for the consultation (${hryvnias(extra.price ?? 0).en}) by ${displayDates(extra.payBy).en} with the link below, otherwise the time is released.`,
        )
      : both('', '');
    // The in-app text says it too: a booking staff made for the patient is not confirmed until it is paid.
    const inApp = extra?.payBy
      ? both(`${message.uk}. ${pay.uk.replace(' за посиланням нижче', '')}`, `${message.en}. ${pay.en.replace(' with the link below', '')}`)
      : message;
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
      message: inApp,
      email: {
        subject: extra?.payBy
          ? both('Оплатіть запис на онлайн-сесію', 'Pay to confirm your online session')
          : both('Запис на онлайн-сесію', 'Your online session is booked'),
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
            'Оплата не надійшла вчасно, тому час звільнено. Ви можете записатися знову.',
            'The payment did not arrive in time, so the time was released. You can book again.',
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

  /** To the operator or admin who booked a consultation the patient did not pay for in time. */
  holdRanOutForBooker(f: AppointmentFacts): NotificationTexts {
    const date = displayDates(f.start);
    const message = both(
      `Оплата не надійшла вчасно, запис скасовано: ${f.patientName}, фахівець ${f.doctorName}, ${date.uk}`,
      `Not paid in time, the booking is cancelled: ${f.patientName} with ${f.doctorName}, ${date.en}`,
    );
    return {
      message,
      email: { subject: both('Запис скасовано: оплата не надійшла', 'Booking cancelled: not paid in time'), text: message },
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
