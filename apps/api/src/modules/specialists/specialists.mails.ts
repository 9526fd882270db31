import { webPages, type Locale } from '@rozmova/contracts';
import type { Mail } from '../../lib/mailer.ts';

const texts = {
  uk: {
    approved: {
      subject: 'Вашу заявку в Rozmova схвалено',
      body: 'Вітаємо! Ми перевірили вашу заявку й диплом — тепер ви лікар Rozmova. У кабінеті лікаря вкажіть робочі години та ціну консультації, і пацієнти побачать вас у списку фахівців.',
      open: 'Кабінет лікаря:',
    },
    rejected: {
      subject: 'Заявку в Rozmova поки не схвалено',
      body: 'Дякуємо за заявку. Поки що ми не можемо її схвалити. Причина:',
      open: 'Ви можете виправити заявку й надіслати її знову:',
    },
    signature: 'Команда Rozmova',
  },
  en: {
    approved: {
      subject: 'Your Rozmova application is approved',
      body: 'Welcome! We have checked your application and diploma, and you are now a Rozmova doctor. In your doctor console, set your working hours and consultation price, and patients will see you in the list of specialists.',
      open: 'Your doctor console:',
    },
    rejected: {
      subject: 'Your Rozmova application is not approved yet',
      body: 'Thank you for applying. We cannot approve your application yet. The reason:',
      open: 'You can correct the application and send it again:',
    },
    signature: 'The Rozmova team',
  },
} as const;

export function decisionMail(
  to: { email: string; locale: Locale },
  decision: { status: 'approved' | 'rejected'; reason: string | null },
  publicUrl: string,
): Mail {
  const t = texts[to.locale];
  const text =
    decision.status === 'approved'
      ? [t.approved.body, '', `${t.approved.open} ${publicUrl}${webPages.doctor}`]
      : [t.rejected.body, '', decision.reason ?? '', '', `${t.rejected.open} ${publicUrl}${webPages.specialistSignUp}`];
  return { to: to.email, subject: t[decision.status].subject, text: [...text, '', t.signature].join('\n') };
}
