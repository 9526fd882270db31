import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { dialog, logIn } from '../support/ui.ts';

test('the admin edits a self-check question and the level rules', async ({ page, server }) => {
  test.setTimeout(120_000);
  await logIn(page, server.admin.email, server.admin.password, '/admin');

  const questions = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Ukrainian' }) });
  const reachable = page.getByRole('list', { name: 'Reachable levels' });
  const rules = page.getByRole('region', { name: 'Level rules' });
  let original = '';

  await test.step('opens the self-check page and sees 50 questions and the unreachable green level', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Users', exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Self-check', exact: true }).click();
    await expect(page).toHaveURL('/admin/quiz');
    await expect(page.getByRole('heading', { level: 1, name: 'Self-check questions' })).toBeVisible();
    await expect(questions.getByRole('row')).toHaveCount(51);
    await expect(questions).toContainText('Questions: 50');
    await expect(reachable.getByRole('listitem')).toHaveText([
      'Red: can be reached',
      'Yellow: can be reached',
      'Green: cannot be reached',
      'Not determined: can be reached',
    ]);
    await expect(rules.getByText('Some levels can never be reached')).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('edits the English text of question 1 and sees it after a reload', async () => {
    await page.getByRole('button', { name: 'Edit question 1', exact: true }).click();
    const edit = dialog(page, 'Edit question 1');
    const english = edit.getByRole('textbox', { name: 'Question (English)' });
    original = await english.inputValue();
    await english.fill('How often have you felt calm this week? (edited)');
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(questions.getByRole('row').nth(1)).toContainText('How often have you felt calm this week? (edited)');
    await page.reload();
    await expect(questions.getByRole('row').nth(1)).toContainText('How often have you felt calm this week? (edited)');
  });

  await test.step('changes the yellow rule so green becomes reachable', async () => {
    // Yellow only from one C answer: all A answers (no B, no C) now reach green.
    await rules.getByRole('textbox', { name: 'Rule 2 (Yellow): minimum' }).fill('1');
    await rules.getByRole('button', { name: 'Save rules', exact: true }).click();
    await expect(reachable.getByRole('listitem').nth(2)).toHaveText('Green: can be reached');
    await page.reload();
    await expect(reachable.getByRole('listitem').nth(2)).toHaveText('Green: can be reached');
    await expect(rules.getByRole('textbox', { name: 'Rule 2 (Yellow): minimum' })).toHaveValue('1');
    await expectAccessible(page);
  });

  await test.step('a range above the number of questions is refused on its field', async () => {
    const max = rules.getByRole('textbox', { name: 'Rule 3 (Green): maximum' });
    await max.fill('60');
    await rules.getByRole('button', { name: 'Save rules', exact: true }).click();
    await expect(max).toHaveAttribute('aria-invalid', 'true');
    await expect(rules).toContainText('At most the number of questions (50)');
  });

  await test.step('puts the rules and the question back for the other tests', async () => {
    await page.reload();
    await rules.getByRole('textbox', { name: 'Rule 2 (Yellow): minimum' }).fill('0');
    await rules.getByRole('button', { name: 'Save rules', exact: true }).click();
    await expect(reachable.getByRole('listitem').nth(2)).toHaveText('Green: cannot be reached');
    await page.getByRole('button', { name: 'Edit question 1', exact: true }).click();
    const edit = dialog(page, 'Edit question 1');
    await edit.getByRole('textbox', { name: 'Question (English)' }).fill(original);
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(questions.getByRole('row').nth(1)).toContainText(original);
  });
});
