import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { dialog, logIn } from '../support/ui.ts';

test('the admin edits a self-check question and the level rules', async ({ page, server }) => {
  test.setTimeout(120_000);
  await logIn(page, server.admin.email, server.admin.password, '/admin');

  const questions = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Ukrainian' }) });
  const reachable = page.getByRole('list', { name: 'Reachable levels' });
  const rules = page.getByRole('region', { name: 'Level rules' });
  let original = '';

  await test.step('opens the self-check page and sees 50 questions; every level is reachable and none is left undetermined', async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Users', exact: true })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Self-check', exact: true }).click();
    await expect(page).toHaveURL('/admin/quiz');
    await expect(page.getByRole('heading', { level: 1, name: 'Self-check questions' })).toBeVisible();
    await expect(questions.getByRole('row')).toHaveCount(51);
    await expect(questions).toContainText('Questions: 50');
    await expect(reachable.getByRole('listitem')).toHaveText([
      'Red: can be reached',
      'Yellow: can be reached',
      'Green: can be reached',
      'Not determined: cannot be reached',
    ]);
    await expect(rules.getByText('Some levels can never be reached')).toHaveCount(0);
    await expectAccessible(page);
  });

  await test.step('edits the English text of question 1 and sees it after a reload', async () => {
    await page.getByRole('button', { name: 'Edit question 1', exact: true }).click();
    const edit = dialog(page, 'Edit question 1');
    const english = edit.getByRole('textbox', { name: 'Question (English)' });
    original = await english.inputValue();
    await expect(edit.getByRole('checkbox', { name: 'About self-harm or not wanting to live' })).not.toBeChecked();
    await english.fill('How often have you felt calm this week? (edited)');
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(questions.getByRole('row').nth(1)).toContainText('How often have you felt calm this week? (edited)');
    await page.reload();
    await expect(questions.getByRole('row').nth(1)).toContainText('How often have you felt calm this week? (edited)');
  });

  await test.step('rules under which the distressed answer to every question is not red are refused', async () => {
    // docs/product.md's literal "red B 16 to 34" told someone distressed in all 50 answers "yellow".
    await rules.getByRole('textbox', { name: 'Rule 1 (Red): maximum' }).fill('34');
    await rules.getByRole('button', { name: 'Save rules', exact: true }).click();
    await expect(rules.getByRole('alert')).toContainText('distressed answer (B) to all 50 questions');
    await page.reload();
    await expect(rules.getByRole('textbox', { name: 'Rule 1 (Red): maximum' })).toHaveValue('1000');
  });

  await test.step('raises the green threshold; it is saved and green stays reachable', async () => {
    await rules.getByRole('textbox', { name: 'Rule 2 (Green): minimum' }).fill('40');
    await rules.getByRole('button', { name: 'Save rules', exact: true }).click();
    await expect(page.getByText('The level rules have been saved.')).toBeVisible();
    await page.reload();
    await expect(rules.getByRole('textbox', { name: 'Rule 2 (Green): minimum' })).toHaveValue('40');
    await expect(reachable.getByRole('listitem').nth(2)).toHaveText('Green: can be reached');
    await expectAccessible(page);
  });

  await test.step('puts the rules and the question back for the other tests', async () => {
    await page.reload();
    await rules.getByRole('textbox', { name: 'Rule 2 (Green): minimum' }).fill('34');
    await rules.getByRole('button', { name: 'Save rules', exact: true }).click();
    await expect(page.getByText('The level rules have been saved.')).toBeVisible();
    await page.getByRole('button', { name: 'Edit question 1', exact: true }).click();
    const edit = dialog(page, 'Edit question 1');
    await edit.getByRole('textbox', { name: 'Question (English)' }).fill(original);
    await edit.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(edit).toBeHidden();
    await expect(questions.getByRole('row').nth(1)).toContainText(original);
  });
});
