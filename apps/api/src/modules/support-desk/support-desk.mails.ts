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
        text: `Дякуємо, що написали нам. Оператор підтримки відповість на цю адресу.\n\nСтатус звернення і відповіді можна переглянути й відповісти за цим посиланням (не пересилайте його нікому):\n${link}\n\nКоманда Rozmova`,
      }
    : {
        to,
        subject: `Rozmova: we received your request (${name})`,
        text: `Thank you for writing to us. A support operator will answer at this address.\n\nYou can see the request's status and answers, and write back, at this link (do not share it):\n${link}\n\nThe Rozmova team`,
      };
}

/**
 * An operator's answer, in the requester's language, with where to read the request and answer it: a patient's
 * cabinet, or a visitor's new private link.
 */
export function replyMail(to: string, locale: Locale, text: string, link: { cabinet: string } | { request: string }): Mail {
  const where =
    locale === 'uk'
      ? 'cabinet' in link
        ? `Усі відповіді — в кабінеті: ${link.cabinet}`
        : `Відповісти й переглянути звернення можна за цим посиланням (не пересилайте його нікому):\n${link.request}`
      : 'cabinet' in link
        ? `All answers are in your account: ${link.cabinet}`
        : `To answer and see the request, use this link (do not share it):\n${link.request}`;
  return {
    to,
    subject: locale === 'uk' ? 'Rozmova: відповідь на ваше звернення' : 'Rozmova: an answer to your request',
    text: `${text}\n\n—\n${where}\n${locale === 'uk' ? 'Команда Rozmova' : 'The Rozmova team'}`,
  };
}
