import { notifications } from '@mantine/notifications';
import { quizApi, type QuizLevelRules } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { LevelRulesEditor } from './level-rules-editor.tsx';
import { useAdminQuizQuestions } from './quiz-api.ts';

/** The admin page's question list beside the editor: a save reads it again as well. */
function QuestionsList() {
  useAdminQuizQuestions();
  return null;
}

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const saved: QuizLevelRules = {
  rules: [
    { level: 'red', letter: 'B', min: 34, max: 50 },
    { level: 'green', letter: 'A', min: 30, max: 50 },
    { level: 'yellow', letter: 'B', min: 10, max: 33 },
  ],
  reachable: { red: true, yellow: true, green: true, unknown: false },
  question_count: 50,
};

function withRules(rules: QuizLevelRules = saved): ApiDouble {
  const api = createApiDouble();
  api.on(quizApi.levelRules, { body: rules });
  return api;
}

async function openRules(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <LevelRulesEditor />
      <Toasts />
    </>,
    { api, locale },
  );
  return screen.findByRole('table');
}

const field = (name: string) => screen.getByRole('textbox', { name });

async function retype(name: string, value: string) {
  await user.clear(field(name));
  await user.type(field(name), value);
}

describe('the level rules', () => {
  it('shows each rule in order in a table captioned with the number of questions', async () => {
    const table = await openRules(withRules());
    expect(table).toHaveAccessibleName('Ranges count answers out of 50 questions');
    expect(screen.getAllByRole('region', { name: 'Level rules' }).at(-1)).toContainElement(table);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Order', 'Level', 'Letter', 'Minimum', 'Maximum']);
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('combobox', { name: 'Rule 1: level' })).toHaveValue('red');
    expect(screen.getByRole('combobox', { name: 'Rule 2: letter' })).toHaveValue('A');
    expect(field('Rule 3 (Yellow): minimum')).toHaveValue('10');
    expect(field('Rule 3 (Yellow): maximum')).toHaveValue('33');
  });

  it('says which levels can be reached with these rules', async () => {
    await openRules(withRules());
    const reachable = screen.getByRole('list', { name: 'Reachable levels' });
    expect(
      within(reachable)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Red: can be reached', 'Yellow: can be reached', 'Green: can be reached', 'Not determined: cannot be reached']);
    expect(screen.queryByText('Some levels can never be reached')).not.toBeInTheDocument();
  });

  it('warns when a level other than "not determined" can never be reached', async () => {
    await openRules(withRules({ ...saved, reachable: { red: true, yellow: false, green: true, unknown: true } }));
    const warning = screen.getByRole('status');
    expect(warning).toHaveTextContent('Some levels can never be reached');
    expect(warning).toHaveTextContent('With these rules and 50 questions no combination of answers gives: Yellow.');
  });

  it('reads in Ukrainian', async () => {
    const table = await openRules(withRules(), 'uk');
    expect(table).toHaveAccessibleName('Діапазони рахують відповіді з 50 питань');
    expect(screen.getByRole('button', { name: 'Зберегти правила' })).toBeInTheDocument();
  });

  it('shows why the rules cannot be read', async () => {
    const api = createApiDouble();
    api.on(quizApi.levelRules, { status: 500, error: { code: 'INTERNAL', message: 'Boom' } });
    await show(<LevelRulesEditor />, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('saving the level rules', () => {
  it('sends every rule as numbers, then says they are saved', async () => {
    const api = withRules();
    api.on(quizApi.setLevelRules, { body: saved });
    await openRules(api);
    await retype('Rule 2 (Green): minimum', '40');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule 3: letter' }), 'C');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The level rules have been saved.')).toBeInTheDocument();
    const [sent] = api.callsTo(quizApi.setLevelRules);
    expect(sent!.method).toBe('PUT');
    expect(sent!.body).toEqual({
      rules: [
        { level: 'red', letter: 'B', min: 34, max: 50 },
        { level: 'green', letter: 'A', min: 40, max: 50 },
        { level: 'yellow', letter: 'C', min: 10, max: 33 },
      ],
    });
  });

  it('says they are saved when the new rules are read again before the questions (the form is made anew meanwhile)', async () => {
    let current = saved;
    const api = createApiDouble();
    api.on(quizApi.levelRules, () => ({ body: current }));
    api.on(quizApi.setLevelRules, ({ body }) => {
      current = { ...saved, rules: (body as Pick<QuizLevelRules, 'rules'>).rules };
      return { body: current };
    });
    // The page's question list is read again too, and answers after the rules have been drawn anew.
    let listReads = 0;
    api.on(quizApi.list, () => (listReads++ === 0 ? { body: [] } : new Promise((resolve) => setTimeout(() => resolve({ body: [] }), 50))));
    await show(
      <>
        <LevelRulesEditor />
        <QuestionsList />
        <Toasts />
      </>,
      { api },
    );
    await screen.findByRole('table');
    await retype('Rule 2 (Green): minimum', '40');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The level rules have been saved.')).toBeInTheDocument();
    expect(field('Rule 2 (Green): minimum')).toHaveValue('40');
  });

  it('refuses rules that would not tell someone answering B to everything "red", before sending', async () => {
    const api = withRules();
    await openRules(api);
    await retype('Rule 1 (Red): maximum', '34');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'These rules would not tell someone who gives the distressed answer (B) to all 50 questions “red”.',
    );
    expect(api.callsTo(quizApi.setLevelRules)).toEqual([]);
    expect(field('Rule 1 (Red): maximum')).toHaveValue('34');
  });

  it('refuses a maximum below the minimum and an empty count', async () => {
    const api = withRules();
    await openRules(api);
    await retype('Rule 3 (Yellow): maximum', '5');
    await user.clear(field('Rule 2 (Green): minimum'));
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText('The maximum may not be below the minimum')).toBeInTheDocument();
    expect(screen.getByText('Enter a whole number from 0 to 50')).toBeInTheDocument();
    expect(api.callsTo(quizApi.setLevelRules)).toEqual([]);
  });

  it('names the rule’s new level in its fields once the level changes', async () => {
    await openRules(withRules());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rule 3: level' }), 'Green');
    expect(field('Rule 3 (Green): minimum')).toHaveValue('10');
  });

  it('keeps the edited rules and shows the server’s refusal', async () => {
    const api = withRules();
    api.on(quizApi.setLevelRules, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await openRules(api);
    await retype('Rule 2 (Green): minimum', '41');
    await user.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
    expect(field('Rule 2 (Green): minimum')).toHaveValue('41');
  });

  it('shows the save button as busy while sending', async () => {
    const api = withRules();
    let answer: (value: { body: QuizLevelRules }) => void = () => {};
    api.on(quizApi.setLevelRules, () => new Promise((resolve) => (answer = resolve)));
    await openRules(api);
    const save = screen.getByRole('button', { name: 'Save rules' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    answer({ body: saved });
    expect(await screen.findByText('The level rules have been saved.')).toBeInTheDocument();
  });
});
