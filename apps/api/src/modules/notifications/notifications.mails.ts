import type { Locale } from '@rozmova/contracts';
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

/** A notification e-mail: the caller's subject and text, then a link to the cabinet and how to turn such mails off. */
export function notificationMail(to: string, locale: Locale, content: { subject: string; text: string }, publicUrl: string): Mail {
  const t = texts[locale];
  return {
    to,
    subject: content.subject,
    text: [content.text, '', `${t.open} ${publicUrl}/user`, '', t.settings, '', t.signature].join('\n'),
  };
}
