import type { CodePurpose, Locale } from '@rozmova/contracts';
import type { Mail } from '../../lib/mailer.ts';

const texts = {
  uk: {
    register: {
      subject: 'Код підтвердження Rozmova',
      intro: 'Ви реєструєтеся в Rozmova. Ваш код підтвердження:',
    },
    'recover-pass': {
      subject: 'Відновлення пароля Rozmova',
      intro: 'Ви попросили відновити пароль у Rozmova. Ваш код:',
    },
    validity: 'Код дійсний 10 хвилин.',
    ignore: 'Якщо це були не ви, просто проігноруйте цей лист.',
    signature: 'Команда Rozmova',
  },
  en: {
    register: {
      subject: 'Your Rozmova confirmation code',
      intro: 'You are signing up for Rozmova. Your confirmation code:',
    },
    'recover-pass': {
      subject: 'Reset your Rozmova password',
      intro: 'You asked to reset your Rozmova password. Your code:',
    },
    validity: 'The code is valid for 10 minutes.',
    ignore: 'If this was not you, simply ignore this e-mail.',
    signature: 'The Rozmova team',
  },
} as const;

export function codeMail(to: string, purpose: CodePurpose, code: string, locale: Locale): Mail {
  const t = texts[locale];
  return {
    to,
    subject: t[purpose].subject,
    text: [t[purpose].intro, '', code, '', t.validity, t.ignore, '', t.signature].join('\n'),
  };
}
