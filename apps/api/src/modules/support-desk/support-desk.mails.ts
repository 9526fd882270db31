import { type Locale, type SupportRequestTopic } from '@rozmova/contracts';
import type { Mail } from '../../lib/mailer.ts';

const topicNames: Record<Locale, Record<SupportRequestTopic, string>> = {
  uk: {
    account: 'обліковий запис',
    booking: 'запис на консультацію',
    payment: 'оплата',
    consultation: 'консультація',
    technical: 'технічна проблема',
    documents: 'документи',
    other: 'інше',
  },
  en: {
    account: 'account',
    booking: 'booking',
    payment: 'payment',
    consultation: 'consultation',
    technical: 'technical problem',
    documents: 'documents',
    other: 'other',
  },
};

/** To a visitor: the request was received, with its private link. */
export function receivedMail(to: string, locale: Locale, topic: SupportRequestTopic, link: string): Mail {
  const name = topicNames[locale][topic];
  return locale === 'uk'
    ? {
        to,
        subject: `Rozmova: ми отримали ваше звернення (${name})`,
        text: `Дякуємо, що написали нам. Оператор підтримки відповість на цю адресу.\n\nСтатус звернення і відповіді можна переглянути за цим посиланням (не пересилайте його нікому):\n${link}\n\nКоманда Rozmova`,
      }
    : {
        to,
        subject: `Rozmova: we received your request (${name})`,
        text: `Thank you for writing to us. A support operator will answer at this address.\n\nYou can see the request's status and answers at this link (do not share it):\n${link}\n\nThe Rozmova team`,
      };
}

/** An operator's answer, in the requester's language; a patient's link is the cabinet, a visitor's is in the first letter. */
export function replyMail(to: string, locale: Locale, text: string, cabinetLink: string | null): Mail {
  const where =
    locale === 'uk'
      ? cabinetLink
        ? `Усі відповіді — в кабінеті: ${cabinetLink}`
        : 'Усі відповіді — за посиланням з нашого першого листа.'
      : cabinetLink
        ? `All answers are in your account: ${cabinetLink}`
        : 'All answers are at the link in our first letter.';
  return {
    to,
    subject: locale === 'uk' ? 'Rozmova: відповідь на ваше звернення' : 'Rozmova: an answer to your request',
    text: `${text}\n\n—\n${where}\n${locale === 'uk' ? 'Команда Rozmova' : 'The Rozmova team'}`,
  };
}
