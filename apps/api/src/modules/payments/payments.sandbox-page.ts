import { escapeHtml, type Locale } from '@rozmova/contracts';
import { displayDate } from '../../lib/display-date.ts';

const texts = {
  uk: {
    title: 'Тестова оплата',
    lead: 'Це тестова платіжна сторінка (sandbox): гроші не списуються.',
    amount: 'Сума',
    specialist: 'Фахівець',
    date: 'Дата й час',
    pay: 'Оплатити',
    decline: 'Відхилити',
    paid: 'Цей платіж уже проведено.',
    refunded: 'Кошти за цей платіж повернено.',
    back: 'Повернутися до запису',
    currency: (hryvnias: string) => `${hryvnias} грн`,
  },
  en: {
    title: 'Test payment',
    lead: 'This is a test payment page (sandbox): no money is taken.',
    amount: 'Amount',
    specialist: 'Specialist',
    date: 'Date and time',
    pay: 'Pay',
    decline: 'Decline',
    paid: 'This payment has been made.',
    refunded: 'This payment has been refunded.',
    back: 'Back to the booking',
    currency: (hryvnias: string) => `UAH ${hryvnias}`,
  },
} as const;

/** 123456 kopiyky → "1 234,56" (uk) or "1,234.56" (en). */
export function formatHryvnias(kopiyky: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'uk' ? 'uk-UA' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    kopiyky / 100,
  );
}

export interface SandboxPage {
  locale: Locale;
  amount: number;
  doctorName: string;
  startsAt: Date;
  paymentStatus: 'pending' | 'success' | 'failure' | 'refunded';
  resultUrl: string;
  callbackPath: string;
  pay?: { data: string; signature: string };
  decline?: { data: string; signature: string };
}

const form = (action: string, signed: { data: string; signature: string }, label: string, kind: 'pay' | 'decline') => `
      <form method="post" action="${escapeHtml(action)}">
        <input type="hidden" name="data" value="${escapeHtml(signed.data)}">
        <input type="hidden" name="signature" value="${escapeHtml(signed.signature)}">
        <button type="submit" class="${kind}">${escapeHtml(label)}</button>
      </form>`;

/** A small self-contained page: no scripts, inline styles only, light or dark as the system prefers. */
export function renderSandboxPage(page: SandboxPage): string {
  const t = texts[page.locale];
  const done = page.paymentStatus === 'success' ? t.paid : page.paymentStatus === 'refunded' ? t.refunded : undefined;
  const actions =
    page.pay && page.decline
      ? `<div class="actions">${form(page.callbackPath, page.pay, t.pay, 'pay')}${form(page.callbackPath, page.decline, t.decline, 'decline')}
      </div>`
      : `<p role="status">${escapeHtml(done ?? '')}</p><p><a href="${escapeHtml(page.resultUrl)}">${escapeHtml(t.back)}</a></p>`;
  return `<!doctype html>
<html lang="${page.locale}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(t.title)} · Rozmova</title>
  <style>
    :root { color-scheme: light dark; --bg: #f6f8f7; --card: #ffffff; --text: #1a1c1b; --muted: #4a5350; --primary: #008465; --on-primary: #ffffff; --border: #c9d2ce; }
    @media (prefers-color-scheme: dark) {
      :root { --bg: #121614; --card: #1d2321; --text: #e9eeec; --muted: #b4bfbb; --primary: #3fc39d; --on-primary: #06251c; --border: #3a4541; }
    }
    * { box-sizing: border-box; }
    body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--text);
      font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; padding: 1rem; }
    main { width: 100%; max-width: 28rem; background: var(--card); border: 1px solid var(--border); border-radius: 12px; padding: 1.5rem; }
    h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
    p { margin: .5rem 0; color: var(--muted); }
    dl { display: grid; grid-template-columns: auto 1fr; gap: .5rem 1rem; margin: 1.25rem 0; }
    dt { color: var(--muted); }
    dd { margin: 0; font-weight: 600; }
    .actions { display: flex; gap: .75rem; flex-wrap: wrap; }
    button { font: inherit; font-weight: 600; padding: .65rem 1.4rem; border-radius: 8px; cursor: pointer; min-height: 44px; }
    button.pay { background: var(--primary); color: var(--on-primary); border: 2px solid var(--primary); }
    button.decline { background: transparent; color: var(--text); border: 2px solid var(--border); }
    button:focus-visible, a:focus-visible { outline: 3px solid var(--primary); outline-offset: 2px; }
    a { color: var(--primary); }
  </style>
</head>
<body>
  <main>
    <h1>${escapeHtml(t.title)}</h1>
    <p>${escapeHtml(t.lead)}</p>
    <dl>
      <dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(t.currency(formatHryvnias(page.amount, page.locale)))}</dd>
      <dt>${escapeHtml(t.specialist)}</dt><dd>${escapeHtml(page.doctorName)}</dd>
      <dt>${escapeHtml(t.date)}</dt><dd>${escapeHtml(displayDate(page.startsAt, page.locale))}</dd>
    </dl>
    ${actions}
  </main>
</body>
</html>
`;
}
