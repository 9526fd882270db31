import type { Locale, MessageSenderType } from '@rozmova/contracts';
import { PUSH_TITLE } from '../notifications/notifications.service.ts';

/**
 * Texts of away delivery. Neither a push nor an e-mail carries a message's text: a push shows on a locked screen and an
 * e-mail is not end-to-end encrypted. A patient is told who wrote (support or its doctor) and how many; staff are told
 * the patient's name (on their work devices) and how many. Plain counts ("… : 3") need no plural forms.
 */
const texts = {
  uk: {
    fromSupport: (n: number) => `Нові повідомлення від служби підтримки: ${n}`,
    fromDoctor: (n: number) => `Нові повідомлення від вашого лікаря: ${n}`,
    fromPatient: (n: number) => `Нові повідомлення: ${n}`,
    subject: 'Непрочитані повідомлення в Rozmova',
    mail: (n: number) => `У вас є непрочитані повідомлення: ${n}. Увійдіть, щоб прочитати їх.`,
  },
  en: {
    fromSupport: (n: number) => `New messages from support: ${n}`,
    fromDoctor: (n: number) => `New messages from your doctor: ${n}`,
    fromPatient: (n: number) => `New messages: ${n}`,
    subject: 'Unread messages in Rozmova',
    mail: (n: number) => `You have unread messages: ${n}. Sign in to read them.`,
  },
} as const;

/** The push of an away window: `unread` messages written by `senderType`, to a person in `locale`. */
export function awayPushTexts(locale: Locale, senderType: MessageSenderType, unread: number, patientName: string) {
  const t = texts[locale];
  if (senderType === 'patient') return { title: patientName || PUSH_TITLE, body: t.fromPatient(unread) };
  return { title: PUSH_TITLE, body: senderType === 'doctor' ? t.fromDoctor(unread) : t.fromSupport(unread) };
}

/** The e-mail of an away window: only that there are unread messages (the link and footer are the notification mail's). */
export function awayMailTexts(locale: Locale, unread: number) {
  const t = texts[locale];
  return { subject: t.subject, text: t.mail(unread) };
}
