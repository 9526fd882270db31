import type { Locale, Role } from '@rozmova/contracts';
import type { Mail } from '../../lib/mailer.ts';

const texts = {
  uk: {
    open: 'Відкрити кабінет:',
    settings: 'Вимкнути ці листи можна в профілі, у налаштуваннях сповіщень.',
    signature: 'Команда Rozmova',
  },
  en: {
    open: 'Open your account:',
    settings: 'You can turn these e-mails off in your profile, under notification settings.',
    signature: 'The Rozmova team',
  },
} as const;

/** Where a person's mails lead: a doctor's consultations are on `/doctor`, everyone else's cabinet on `/user`. */
const cabinetPathOf = (role: Role) => (role === 'doctor' ? '/doctor' : '/user');

/** A notification e-mail: the caller's subject and text, then a link to the recipient's page and how to turn such mails off. */
export function notificationMail(
  to: { email: string; role: Role },
  locale: Locale,
  content: { subject: string; text: string },
  publicUrl: string,
): Mail {
  const t = texts[locale];
  return {
    to: to.email,
    subject: content.subject,
    text: [content.text, '', `${t.open} ${publicUrl}${cabinetPathOf(to.role)}`, '', t.settings, '', t.signature].join('\n'),
  };
}
