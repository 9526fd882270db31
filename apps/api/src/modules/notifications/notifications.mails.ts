import { webPages, type Locale, type Role } from '@rozmova/contracts';
import type { Mail } from '../../lib/mailer.ts';

const texts = {
  uk: {
    open: 'Відкрити кабінет:',
    openPage: 'Відкрити:',
    settings: 'Вимкнути ці листи можна в профілі, у налаштуваннях сповіщень.',
    signature: 'Команда Rozmova',
  },
  en: {
    open: 'Open your account:',
    openPage: 'Open:',
    settings: 'You can turn these e-mails off in your profile, under notification settings.',
    signature: 'The Rozmova team',
  },
} as const;

/** Where a person's mails and pushes lead: a doctor's console, the operators' inbox, the admin pages, else the cabinet. */
export const cabinetPathOf = (role: Role): string =>
  role === 'doctor' ? webPages.doctor : role === 'operator' ? webPages.operator : role === 'admin' ? webPages.admin : webPages.cabinet;

/** A notification e-mail: the caller's subject and text, then a link to its page (else the recipient's own) and how to turn such mails off. */
export function notificationMail(
  to: { email: string; role: Role },
  locale: Locale,
  content: { subject: string; text: string; link?: string },
  publicUrl: string,
): Mail {
  const t = texts[locale];
  return {
    to: to.email,
    subject: content.subject,
    text: [
      content.text,
      '',
      content.link ? `${t.openPage} ${publicUrl}${content.link}` : `${t.open} ${publicUrl}${cabinetPathOf(to.role)}`,
      '',
      t.settings,
      '',
      t.signature,
    ].join('\n'),
  };
}
