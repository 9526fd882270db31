import { feedbackApi, patientsApi, quizApi, type PatientCard } from '@rozmova/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiDouble, fieldRefusal } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { QuizPage } from './quiz-page.tsx';
import { card, patient, questions, recommendation } from './test-fixtures.ts';

// A person's typing, Mantine's first render and lazy chunks take a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => localStorage.clear());

function patientApi(start: PatientCard = card()) {
  const api = createApiDouble();
  api.on(quizApi.list, { body: questions });
  api.on(patientsApi.getCard, { body: start });
  return api;
}

/** The card the server answers to the completion: the answers scored into a recommendation. */
const completed = (level: 'red' | 'yellow' | 'green', score: string) =>
  card({
    patient_quizz_is_completed: true,
    patient_quizz_recommendations: [recommendation(level, score)],
    patient_quizz_results: [],
  });

async function answerAll(user: UserEvent, answers: string[]) {
  await user.click(await screen.findByRole('button', { name: /Start the self-check|Continue/ }));
  for (const answer of answers) await user.click(await screen.findByRole('radio', { name: answer }));
}

const open = (api: ReturnType<typeof createApiDouble>, at = '/user/quizz') => show(<QuizPage />, { api, user: patient(), at });

describe("the patient's self-check", () => {
  it('saves the answers as they are given, then completes and shows the server’s result', async () => {
    const user = userEvent.setup({ delay: null });
    const api = patientApi();
    api.on(patientsApi.updateCard, (call) =>
      (call.body as { patient_quizz_is_completed: boolean }).patient_quizz_is_completed
        ? { body: completed('yellow', 'A: 0, B: 1, C: 2') }
        : { body: card() },
    );
    const { router } = await open(api);

    await answerAll(user, ['Sometimes', 'Almost every day']);
    expect(await screen.findByText('Your answers are saved.')).toBeInTheDocument();
    expect(api.callsTo(patientsApi.updateCard, { id: 'card-1' })[0]?.body).toEqual({
      patient_quizz_results: [
        { question_id: 'q1', answer_id: 'q1-c' },
        { question_id: 'q2', answer_id: 'q2-b' },
      ],
      patient_quizz_is_completed: false,
    });

    await user.click(screen.getByRole('radio', { name: 'Sometimes' }));
    await user.click(screen.getByRole('button', { name: 'See my result' }));

    expect(await screen.findByRole('heading', { name: 'Your self-check result', level: 1 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?stage=recommend');
    expect(screen.getByRole('heading', { name: 'Take care of yourself' })).toBeInTheDocument();
    expect(screen.getByText('Answers: A: 0, B: 1, C: 2')).toBeInTheDocument();
    expect(api.callsTo(patientsApi.updateCard).at(-1)?.body).toEqual({
      patient_quizz_results: [
        { question_id: 'q1', answer_id: 'q1-c' },
        { question_id: 'q2', answer_id: 'q2-b' },
        { question_id: 'q3', answer_id: 'q3-c' },
      ],
      patient_quizz_is_completed: true,
    });
  });

  it('SAFETY: a red result shows where to get help now and books a psychotherapist from step 1', async () => {
    const api = patientApi(completed('red', 'A: 1, B: 1, C: 1'));
    await open(api, '/user/quizz?stage=recommend');

    const help = await screen.findByRole('region', { name: 'Get help now' });
    expect(within(help).getByRole('link', { name: '7333' })).toHaveAttribute('href', 'tel:7333');
    expect(within(help).getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112');
    expect(within(help).getByRole('link', { name: 'Book a consultation with a psychotherapist' })).toHaveAttribute(
      'href',
      '/user/appointment-step1?specialisation=psychotherapist',
    );
  });

  it('shows a green result in Ukrainian with its docs/product.md title and no crisis help', async () => {
    const api = patientApi(completed('green', 'A: 3, B: 0, C: 0'));
    await show(<QuizPage />, { api, user: patient(), at: '/user/quizz?stage=recommend', locale: 'uk' });

    expect(await screen.findByRole('heading', { name: 'Приймайте свої емоції' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Допомога просто зараз' })).not.toBeInTheDocument();
  });

  it('SAFETY: keeps the answers and still shows the crisis help when the completion cannot reach the server', async () => {
    const user = userEvent.setup({ delay: null });
    const api = patientApi();
    api.on(patientsApi.updateCard, () => Promise.reject(new TypeError('Failed to fetch')));
    await open(api);

    await answerAll(user, ['Rarely', 'Almost every day', 'Rarely']);
    const finish = screen.getByRole('button', { name: 'See my result' });
    await user.click(finish);

    expect(await screen.findByRole('alert')).toHaveTextContent('No connection: your answers are kept. Try again when you are back online.');
    expect(screen.getByRole('region', { name: 'Get help now' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rarely' })).toBeChecked();
    expect(finish).toBeEnabled();
  });

  it('shows the server’s refusal of the completion without crisis help for calm answers', async () => {
    const user = userEvent.setup({ delay: null });
    const api = patientApi();
    api.on(patientsApi.updateCard, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    await open(api);

    await answerAll(user, ['Rarely', 'Rarely', 'Rarely']);
    await user.click(screen.getByRole('button', { name: 'See my result' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side. Please try again later');
    expect(screen.queryByRole('region', { name: 'Get help now' })).not.toBeInTheDocument();
  });

  it('shows the finish button as busy while the answers are scored', async () => {
    const user = userEvent.setup({ delay: null });
    const api = patientApi();
    api.on(patientsApi.updateCard, () => new Promise(() => {}));
    await open(api);

    await answerAll(user, ['Rarely', 'Rarely', 'Rarely']);
    const finish = screen.getByRole('button', { name: 'See my result' });
    await user.click(finish);
    await waitFor(() => expect(finish).toHaveAttribute('data-loading', 'true'));
    expect(finish).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it('continues where the card’s unfinished answers stopped', async () => {
    const user = userEvent.setup({ delay: null });
    const api = patientApi(card({ patient_quizz_results: [{ question_id: 'q1', answer_id: 'q1-a' }] }));
    await open(api);

    await user.click(await screen.findByRole('button', { name: 'Continue (1 of 3 answered)' }));
    expect(screen.getByRole('heading', { name: 'Question 2 of 3' })).toBeInTheDocument();
  });

  it('is for patients only', async () => {
    const api = createApiDouble();
    api.on(quizApi.list, { body: questions });
    await show(<QuizPage />, { api, user: { ...patient(), user_role: 'doctor', role_specific_data: {} }, at: '/user/quizz' });
    expect(await screen.findByText('The self-check fills in a patient card, so it is available to patients only.')).toBeInTheDocument();
  });
});

describe('the feedback on the self-check', () => {
  it('asks for a rating first, then sends it with the comment and thanks', async () => {
    const user = userEvent.setup({ delay: null });
    const api = patientApi(completed('yellow', 'A: 1, B: 1, C: 1'));
    api.on(feedbackApi.upsertForUser, { status: 201, body: undefined });
    await open(api, '/user/quizz?stage=recommend');

    await user.type(await screen.findByRole('textbox', { name: 'Comment (optional)' }), '  Short and clear  ');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Choose a rating from 1 to 5')).toBeInTheDocument();
    expect(api.callsTo(feedbackApi.upsertForUser)).toEqual([]);

    // The stars are radio buttons: chosen with Space, as a keyboard does (their labels take the pointer).
    screen.getByRole('radio', { name: '4 of 5' }).focus();
    await user.keyboard(' ');
    expect(screen.queryByText('Choose a rating from 1 to 5')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByRole('status', { name: 'Thank you!' })).toHaveTextContent(
      'Your feedback helps us make the self-check better.',
    );
    expect(api.callsTo(feedbackApi.upsertForUser, { id: 'user-1' }).map((call) => call.body)).toEqual([
      { type: 'quiz', feedback_rating: 4, feedback_comment: 'Short and clear' },
    ]);
  });

  it('tells why the server refused the comment instead of saying nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const api = patientApi(completed('yellow', 'A: 1, B: 1, C: 1'));
    api.on(
      feedbackApi.upsertForUser,
      fieldRefusal({ path: 'body.feedback_comment', code: 'MULTI_LINE_TEXT', message: 'Control characters' }),
    );
    await open(api, '/user/quizz?stage=recommend');

    (await screen.findByRole('radio', { name: '3 of 5' })).focus();
    await user.keyboard(' ');
    await user.click(screen.getByRole('textbox', { name: 'Comment (optional)' }));
    await user.paste('Good\u0000');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Remove the special characters (line breaks and tabs are fine)');
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Good\u0000');
  });

  it('keeps the comment and shows the error when the feedback is refused', async () => {
    const user = userEvent.setup({ delay: null });
    const api = patientApi(completed('yellow', 'A: 1, B: 1, C: 1'));
    api.on(feedbackApi.upsertForUser, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Slow down' } });
    await open(api, '/user/quizz?stage=recommend');

    (await screen.findByRole('radio', { name: '5 of 5' })).focus();
    await user.keyboard(' ');
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Helpful');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again');
    expect(screen.getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Helpful');
  });
});
