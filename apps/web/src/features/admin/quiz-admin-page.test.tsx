import { notifications } from '@mantine/notifications';
import { quizApi, type QuizLevelRules, type QuizQuestion } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { QuizAdminPage } from './quiz-admin-page.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const question = (order: number, en: string, uk: string): QuizQuestion => ({
  id: `q${order}`,
  question_order: order,
  question_text: { uk, en },
  question_answers: (['A', 'B', 'C'] as const).map((value) => ({
    id: `q${order}-${value}`,
    value,
    text: { uk: `${uk} ${value}`, en: `${en} ${value}` },
  })),
  question_is_crisis: false,
});

const calm = question(1, 'How often have you felt calm?', 'Як часто ви почувалися спокійно?');
const sleep = question(2, 'How well do you sleep?', 'Як ви спите?');

const rules: QuizLevelRules = {
  rules: [
    { level: 'red', letter: 'B', min: 2, max: 2 },
    { level: 'green', letter: 'A', min: 1, max: 2 },
  ],
  reachable: { red: true, yellow: false, green: true, unknown: true },
  question_count: 2,
};

function withQuiz(questions: QuizQuestion[] = [calm, sleep]): ApiDouble {
  const api = createApiDouble();
  api.on(quizApi.list, { body: questions });
  api.on(quizApi.levelRules, { body: rules });
  return api;
}

async function openQuiz(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <QuizAdminPage />
      <Toasts />
    </>,
    { api, locale },
  );
  return screen.findByRole('table', { name: locale === 'en' ? 'Questions: 2' : 'Питань: 2' });
}

describe('the questions table', () => {
  it('lists each question in both languages with its number, counted in the caption', async () => {
    const table = await openQuiz(withQuiz());
    // The section and, inside it, the table's scrolling region are both named after the heading.
    expect(screen.getAllByRole('region', { name: 'Self-check questions' }).at(-1)).toContainElement(table);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['No.', 'Ukrainian', 'English', 'Actions']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Як часто ви почувалися спокійно?', 'How often have you felt calm?', 'EditDelete']);
    expect(second).toHaveTextContent('How well do you sleep?');
    expect(within(first!).getByText('Як часто ви почувалися спокійно?')).toHaveAttribute('lang', 'uk');
    expect(within(first!).getByText('How often have you felt calm?')).toHaveAttribute('lang', 'en');
  });

  it('names each question’s buttons by its number', async () => {
    await openQuiz(withQuiz());
    expect(screen.getByRole('button', { name: 'Edit question 2' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete question 2' })).toBeEnabled();
  });

  it('cannot add a question before the list is there', async () => {
    const api = createApiDouble();
    api.on(quizApi.list, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    api.on(quizApi.levelRules, { body: rules });
    await show(<QuizAdminPage />, { api });
    expect(await screen.findByText('Something went wrong on our side. Please try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add question' })).toBeDisabled();
  });

  it('reads in Ukrainian', async () => {
    await openQuiz(withQuiz(), 'uk');
    expect(screen.getByRole('heading', { level: 1, name: 'Питання самоперевірки' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Правила рівнів' })).toBeInTheDocument();
  });
});

// Nine fields to fill: slower than the rest on a busy machine.
describe('adding a question', { timeout: 15_000 }, () => {
  async function openAdd(api: ApiDouble) {
    await openQuiz(api);
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    return screen.findByRole('dialog', { name: 'Add question' });
  }

  async function fillAll(dialog: HTMLElement) {
    const fill = async (label: string, text: string) => {
      await user.click(within(dialog).getByRole('textbox', { name: label }));
      await user.paste(text);
    };
    await fill('Question (Ukrainian)', ' Чи маєте ви апетит? ');
    await fill('Question (English)', ' Do you have an appetite? ');
    for (const letter of ['A', 'B', 'C']) {
      await fill(`Answer ${letter} (Ukrainian)`, `Відповідь ${letter}`);
      await fill(`Answer ${letter} (English)`, `Answer ${letter}`);
    }
  }

  it('puts it last by default and sends the trimmed texts with its three answers', async () => {
    const api = withQuiz();
    api.on(quizApi.create, { status: 201, body: question(3, 'Do you have an appetite?', 'Чи маєте ви апетит?') });
    const dialog = await openAdd(api);
    expect(within(dialog).getByRole('textbox', { name: 'Position' })).toHaveValue('3');
    expect(within(dialog).getByText('From 1 to 3; the questions from there move down.')).toBeInTheDocument();
    await fillAll(dialog);
    await user.click(within(dialog).getByRole('checkbox', { name: 'About self-harm or not wanting to live' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The question has been added.')).toBeInTheDocument();
    const [sent] = api.callsTo(quizApi.create);
    expect(sent!.method).toBe('POST');
    expect(sent!.body).toEqual({
      question_order: 3,
      question_text: { uk: 'Чи маєте ви апетит?', en: 'Do you have an appetite?' },
      question_answers: [
        { value: 'A', text: { uk: 'Відповідь A', en: 'Answer A' } },
        { value: 'B', text: { uk: 'Відповідь B', en: 'Answer B' } },
        { value: 'C', text: { uk: 'Відповідь C', en: 'Answer C' } },
      ],
      question_is_crisis: true,
    });
    await waitFor(() => expect(api.callsTo(quizApi.list)).toHaveLength(2));
    expect(api.callsTo(quizApi.levelRules)).toHaveLength(2);
  });

  it('asks for every text and a position in range before sending', async () => {
    const api = withQuiz();
    const dialog = await openAdd(api);
    const position = within(dialog).getByRole('textbox', { name: 'Position' });
    await user.clear(position);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findAllByText('Enter the text')).toHaveLength(8);
    expect(within(dialog).getByText('Enter a position from 1 to 3')).toBeInTheDocument();
    expect(api.callsTo(quizApi.create)).toEqual([]);
  });

  it('takes no more than 1000 characters of a text', async () => {
    const dialog = await openAdd(withQuiz());
    const text = within(dialog).getByRole('textbox', { name: 'Question (English)' });
    await user.click(text);
    await user.paste('q'.repeat(1100));
    expect(text).toHaveValue('q'.repeat(1000));
  });

  it('keeps the texts and shows the server’s field error', async () => {
    const api = withQuiz();
    api.on(quizApi.create, fieldRefusal({ path: 'body.question_text.en', code: 'MULTI_LINE_TEXT', message: 'Special characters' }));
    const dialog = await openAdd(api);
    await fillAll(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Remove the special characters (line breaks and tabs are fine)')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Question (English)' })).toHaveValue(' Do you have an appetite? ');
  });
});

describe('editing a question', () => {
  it('sends only the text that changed, so the answers keep their ids', async () => {
    const api = withQuiz();
    api.on(quizApi.update, { body: calm });
    await openQuiz(api);
    await user.click(screen.getByRole('button', { name: 'Edit question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question 1' });
    expect(within(dialog).getByRole('textbox', { name: 'Answer B (English)' })).toHaveValue('How often have you felt calm? B');
    await user.type(within(dialog).getByRole('textbox', { name: 'Question (English)' }), ' (edited)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The question has been saved.')).toBeInTheDocument();
    const [sent] = api.callsTo(quizApi.update, { id: 'q1' });
    expect(sent!.body).toEqual({ question_text: { uk: 'Як часто ви почувалися спокійно?', en: 'How often have you felt calm? (edited)' } });
  });

  it('closes without a request when nothing changed', async () => {
    const api = withQuiz();
    await openQuiz(api);
    await user.click(screen.getByRole('button', { name: 'Edit question 2' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(quizApi.update)).toEqual([]);
    expect(screen.queryByText('The question has been saved.')).not.toBeInTheDocument();
  });

  it('moves a question no further than the last place', async () => {
    const api = withQuiz();
    await openQuiz(api);
    await user.click(screen.getByRole('button', { name: 'Edit question 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('From 1 to 2; the questions from there move down.')).toBeInTheDocument();
  });
});

describe('deleting a question', () => {
  it('asks with the question’s text, then deletes it and says so', async () => {
    const api = withQuiz();
    api.on(quizApi.remove, { status: 204 });
    await openQuiz(api);
    await user.click(screen.getByRole('button', { name: 'Delete question 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete question' });
    expect(dialog).toHaveTextContent('Question 1 (“How often have you felt calm?”) and its answers will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Question 1 has been deleted.')).toBeInTheDocument();
    expect(api.callsTo(quizApi.remove, { id: 'q1' })[0]!.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog with the reason when the server refuses', async () => {
    const api = withQuiz();
    api.on(quizApi.remove, { status: 404, error: { code: 'NOT_FOUND', message: 'Gone' } });
    await openQuiz(api);
    await user.click(screen.getByRole('button', { name: 'Delete question 2' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not found');
  });
});
