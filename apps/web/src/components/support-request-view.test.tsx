import type { SupportRequest } from '@rozmova/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { show } from '../test/render.tsx';
import { SupportRequestView } from './support-request-view.tsx';

const request = (overrides: Partial<SupportRequest> = {}): SupportRequest => ({
  id: 'req-1',
  source: 'desk',
  topic: 'payment',
  status: 'open',
  message: 'I paid twice.\nPlease refund one payment.',
  locale: 'en',
  hasAttachment: false,
  createdAt: '2026-11-20T12:00:00.000Z',
  closedAt: null,
  replies: [],
  ...overrides,
});

const answered = request({
  status: 'in_progress',
  hasAttachment: true,
  replies: [
    {
      id: 'r1',
      channel: 'email',
      text: 'We are checking it.',
      authorName: 'Марія',
      fromRequester: false,
      createdAt: '2026-11-20T14:00:00.000Z',
    },
    { id: 'r2', channel: 'email', text: 'Thank you!', authorName: null, fromRequester: true, createdAt: '2026-11-21T09:00:00.000Z' },
    { id: 'r3', channel: 'chat', text: 'Refunded.', authorName: null, fromRequester: false, createdAt: '2026-11-21T12:00:00.000Z' },
  ],
});

describe('a support request as its requester sees it', () => {
  it('is named by its topic and date, with its status and text', async () => {
    await show(<SupportRequestView request={request()} />);
    const article = screen.getByRole('article', { name: /^Payment · .*November 2026/ });
    expect(within(article).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(article).toHaveTextContent('Waiting');
    expect(article).toHaveTextContent('I paid twice. Please refund one payment.');
    expect(article).toHaveTextContent('No answer yet. We will write to you soon.');
    expect(article).not.toHaveTextContent('A file is attached.');
  });

  it('lists the answers with who wrote them, when and how', async () => {
    await show(<SupportRequestView request={answered} headingOrder={3} />);
    const article = screen.getByRole('article');
    expect(within(article).getByRole('heading', { level: 3 })).toHaveTextContent('Payment');
    expect(article).toHaveTextContent('In progress');
    expect(article).toHaveTextContent('A file is attached.');
    expect(article).toHaveTextContent('Answers');
    expect(within(article).getByText(/^Марія · .* · by e-mail$/)).toBeInTheDocument();
    expect(within(article).getByText(/^You · .*2026/)).toBeInTheDocument();
    // An operator's answer without a name is signed by the desk.
    expect(within(article).getByText(/^Support · .* · in the chat$/)).toBeInTheDocument();
    expect(article).not.toHaveTextContent('No answer yet');
  });

  it('says a closed request without answers is closed, in Ukrainian', async () => {
    await show(
      <SupportRequestView request={request({ status: 'closed', topic: 'technical' })} footer={<button>Нове звернення</button>} />,
      {
        locale: 'uk',
      },
    );
    const article = screen.getByRole('article', { name: /^Технічна проблема · .*листопада 2026/ });
    expect(article).toHaveTextContent('Закрито');
    expect(article).toHaveTextContent('Звернення закрито.');
    expect(within(article).getByRole('button', { name: 'Нове звернення' })).toBeInTheDocument();
  });

  it('reads the answers in Ukrainian', async () => {
    await show(<SupportRequestView request={answered} />, { locale: 'uk' });
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('У роботі');
    expect(article).toHaveTextContent('До звернення додано файл.');
    expect(within(article).getByText(/^Марія · .* · на ел\. пошту$/)).toBeInTheDocument();
    expect(within(article).getByText(/^Ви · /)).toBeInTheDocument();
    expect(within(article).getByText(/^Підтримка · .* · у чаті$/)).toBeInTheDocument();
  });
});
