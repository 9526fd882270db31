import { notifications } from '@mantine/notifications';
import { faqApi, type FaqAdminList, type FaqQuestion, type FaqTopic } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { FaqSection } from './faq-section.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

// A switch's label wraps its hint, so its accessible name starts with the label and goes on with the hint.

const topic = (id: string, en: string, uk: string, isPublished = true): FaqTopic => ({
  id,
  title: { en, uk },
  position: 0,
  isPublished,
  questionCount: 1,
});

const payments = topic('t1', 'Payments', 'Оплата');
const drafts = topic('t2', 'Video calls', 'Відеодзвінки', false);

const refundQuestion: FaqQuestion = {
  id: 'q1',
  topicId: 't1',
  question: { en: 'How do I get a refund?', uk: 'Як повернути кошти?' },
  answer: { en: 'Write to the support.', uk: 'Напишіть у підтримку.' },
  position: 1,
  isPublished: true,
  helpfulYes: 12,
  helpfulNo: 3,
};

function withFaq(list: FaqAdminList = { topics: [payments, drafts], questions: [refundQuestion] }): ApiDouble {
  const api = createApiDouble();
  api.on(faqApi.adminList, { body: list });
  return api;
}

async function openFaq(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <FaqSection />
      <Toasts />
    </>,
    { api, locale },
  );
  return screen.findByRole('region', { name: locale === 'en' ? 'Payments' : 'Оплата' });
}

describe('the FAQ editor', () => {
  it('shows each topic with its questions, whether published, and how helpful each was', async () => {
    const section = await openFaq(withFaq());
    expect(section).toHaveTextContent('Published');
    expect(section).toHaveTextContent('How do I get a refund?');
    expect(section).toHaveTextContent("Helped: 12 · Didn't help: 3");
    expect(screen.getByRole('region', { name: 'Video calls' })).toHaveTextContent('Draft');
  });

  it('reads in Ukrainian, titles in Ukrainian too', async () => {
    const section = await openFaq(withFaq(), 'uk');
    expect(section).toHaveTextContent('Як повернути кошти?');
    expect(screen.getByRole('heading', { level: 1, name: 'Редактор FAQ' })).toBeInTheDocument();
  });

  it('says when there is no topic yet', async () => {
    await show(<FaqSection />, { api: withFaq({ topics: [], questions: [] }) });
    expect(await screen.findByText('No topics yet. Add the first one.')).toBeInTheDocument();
  });

  it('shows why the editor cannot be read', async () => {
    const api = createApiDouble();
    api.on(faqApi.adminList, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await show(<FaqSection />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});

// Dialogs with several fields: slower than the rest when the machine is busy.
describe('topics', { timeout: 15_000 }, () => {
  it('adds a topic as a draft unless published now, with trimmed titles', async () => {
    const api = withFaq();
    api.on(faqApi.createTopic, { status: 201, body: topic('t3', 'Documents', 'Документи', false) });
    await openFaq(api);
    await user.click(screen.getByRole('button', { name: 'Add topic' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add topic' });
    expect(within(dialog).getByRole('switch', { name: /^Publish now/ })).not.toBeChecked();
    expect(dialog).toHaveTextContent('Off: it is saved as a draft; the topic and its questions are not on /faq.');
    await user.click(within(dialog).getByRole('textbox', { name: 'Title in Ukrainian' }));
    await user.paste(' Документи ');
    await user.click(within(dialog).getByRole('textbox', { name: 'Title in English' }));
    await user.paste(' Documents ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(faqApi.createTopic)).toHaveLength(1));
    expect(api.callsTo(faqApi.createTopic)[0]!.body).toEqual({
      title: { uk: 'Документи', en: 'Documents' },
      position: 0,
      isPublished: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for both titles before sending', async () => {
    const api = withFaq();
    await openFaq(api);
    await user.click(screen.getByRole('button', { name: 'Add topic' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Fill this in.')).toHaveLength(2);
    expect(api.callsTo(faqApi.createTopic)).toEqual([]);
  });

  it('edits a topic and puts the server’s word about a title on its field', async () => {
    const api = withFaq();
    api.on(faqApi.updateTopic, fieldRefusal({ path: 'body.title.en', code: 'ONE_LINE_TEXT', message: 'One line' }));
    const section = await openFaq(api);
    await user.click(within(section).getAllByRole('button', { name: 'Edit' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit topic' });
    expect(within(dialog).getByRole('textbox', { name: 'Title in English' })).toHaveValue('Payments');
    expect(within(dialog).getByRole('switch', { name: /^Published/ })).toBeChecked();
    await user.type(within(dialog).getByRole('textbox', { name: 'Title in English' }), ' and refunds');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Use one line of text, without tabs or special characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Title in English' })).toHaveValue('Payments and refunds');
    expect(api.callsTo(faqApi.updateTopic, { id: 't1' })[0]!.method).toBe('PUT');
  });

  it('deletes a topic after asking, the cancel button focused first', async () => {
    const api = withFaq();
    api.on(faqApi.removeTopic, { status: 204 });
    const section = await openFaq(api);
    await user.click(within(section).getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the topic?' });
    expect(dialog).toHaveTextContent('"Payments" and all its questions will be deleted. This cannot be undone.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(faqApi.removeTopic, { id: 't1' })[0]!.method).toBe('DELETE');
  });

  it('keeps the delete dialog with the reason when refused, and forgets the error once closed', async () => {
    const api = withFaq();
    api.on(faqApi.removeTopic, { status: 404, error: { code: 'NOT_FOUND', message: 'Gone' } });
    const section = await openFaq(api);
    await user.click(within(section).getAllByRole('button', { name: 'Delete' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not found');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(section).getAllByRole('button', { name: 'Delete' })[0]!);
    expect(within(await screen.findByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('questions', { timeout: 15_000 }, () => {
  async function addQuestion(api: ApiDouble, publish: boolean) {
    const section = await openFaq(api);
    await user.click(within(section).getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add question' });
    const fill = async (name: string, text: string) => {
      await user.click(within(dialog).getByRole('textbox', { name }));
      await user.paste(text);
    };
    await fill('Question in Ukrainian', ' Чи можна змінити час? ');
    await fill('Answer in Ukrainian', 'Так, за 2 години.');
    await fill('Question in English', 'Can I change the time?');
    await fill('Answer in English', 'Yes, up to 2 hours before.');
    if (publish) await user.click(within(dialog).getByRole('switch', { name: /^Publish now/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    return section;
  }

  const saved = (isPublished: boolean): FaqQuestion => ({
    ...refundQuestion,
    id: 'q2',
    question: { uk: 'Чи можна змінити час?', en: 'Can I change the time?' },
    answer: { uk: 'Так, за 2 години.', en: 'Yes, up to 2 hours before.' },
    isPublished,
  });

  it('adds a question to the topic it was asked from, with trimmed texts', async () => {
    const api = withFaq();
    api.on(faqApi.createQuestion, { status: 201, body: saved(true) });
    await addQuestion(api, true);
    await waitFor(() => expect(api.callsTo(faqApi.createQuestion)).toHaveLength(1));
    expect(api.callsTo(faqApi.createQuestion)[0]!.body).toEqual({
      topicId: 't1',
      question: { uk: 'Чи можна змінити час?', en: 'Can I change the time?' },
      answer: { uk: 'Так, за 2 години.', en: 'Yes, up to 2 hours before.' },
      position: 0,
      isPublished: true,
    });
  });

  it('says a question saved unpublished is a draft, and publishes it from there', async () => {
    const api = withFaq();
    api.on(faqApi.createQuestion, () => {
      // The editor's list read again holds the new draft.
      api.on(faqApi.adminList, { body: { topics: [payments, drafts], questions: [refundQuestion, saved(false)] } });
      return { status: 201, body: saved(false) };
    });
    api.on(faqApi.updateQuestion, { body: saved(true) });
    const section = await addQuestion(api, false);
    const notice = await within(section).findByRole('status');
    expect(notice).toHaveTextContent('Saved as a draft — not visible on /faq until published');
    expect(notice).toHaveTextContent('“Can I change the time?” is saved. Publish it to show it on /faq.');
    await user.click(within(notice).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published: the question is on /faq.')).toBeInTheDocument();
    expect(api.callsTo(faqApi.updateQuestion, { id: 'q2' })[0]!.body).toMatchObject({ isPublished: true, topicId: 't1' });
  });

  it('asks for every text before sending, and takes at most 200 characters of a question', async () => {
    const api = withFaq();
    const section = await openFaq(api);
    await user.click(within(section).getByRole('button', { name: 'Add question' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findAllByText('Fill this in.')).toHaveLength(4);
    const question = within(dialog).getByRole('textbox', { name: 'Question in English' });
    await user.click(question);
    await user.paste('q'.repeat(250));
    expect(question).toHaveValue('q'.repeat(200));
    expect(api.callsTo(faqApi.createQuestion)).toEqual([]);
  });

  it('moves a question to another topic when edited', async () => {
    const api = withFaq();
    api.on(faqApi.updateQuestion, { body: { ...refundQuestion, topicId: 't2' } });
    const section = await openFaq(api);
    await user.click(within(section).getAllByRole('button', { name: 'Edit' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Edit question' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Topic' }), 'Video calls');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(faqApi.updateQuestion, { id: 'q1' })).toHaveLength(1));
    expect(api.callsTo(faqApi.updateQuestion)[0]!.body).toMatchObject({ topicId: 't2', isPublished: true });
  });
});
