import type { Page } from '@playwright/test';
import type { MailCatcher } from '../../apps/api/src/test/mail.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { withEachInstanceDown } from '../support/failover.ts';
import { answerQuestions } from '../support/quiz.ts';
import { dialog } from '../support/ui.ts';

// A 1×1 PNG: the server checks the type from the content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Signs a new patient up from the home page; the app opens /user. */
async function signUpPatient(page: Page, mail: MailCatcher, name: string, email: string, password: string) {
  await page.goto('/?auth=signup');
  const signup = dialog(page, 'Sign up');
  await signup.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await signup.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
  await signup.getByRole('checkbox', { name: 'I agree to the terms of use and the privacy policy', exact: true }).check();
  await signup.getByRole('button', { name: 'Get a code', exact: true }).click();
  await signup.getByRole('textbox', { name: 'Code', exact: true }).fill(await mail.codeFor(email));
  await signup.getByRole('button', { name: 'Confirm', exact: true }).click();
  await signup.getByLabel('Password', { exact: true }).fill(password);
  await signup.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page).toHaveURL('/user');
}

test('a signed-in patient resumes the self-check after a reload, finishes it and retakes it', async ({ page, mail }) => {
  test.setTimeout(240_000);
  await signUpPatient(page, mail, 'Mykola Patient', uniqueEmail('quiz'), 'Karpaty-Morning-5520');
  let total = 0;

  await test.step('answers three questions, reloads and continues at question 4 with the answers kept', async () => {
    await page.goto('/user/quizz');
    await expect(page.getByRole('heading', { level: 1, name: 'Wellbeing self-check' })).toBeVisible();
    await page.getByRole('button', { name: 'Start the self-check', exact: true }).click();
    const heading = await page.getByRole('heading', { name: /^Question 1 of \d+$/ }).innerText();
    total = Number(/of (\d+)/.exec(heading)?.[1]);
    expect(total).toBeGreaterThan(4);
    // A double tap answers the question shown and no other: question 2 is shown unanswered.
    await page.getByRole('radiogroup').getByRole('radio').nth(0).dblclick();
    await expect(page.getByRole('heading', { name: `Question 2 of ${total}`, exact: true })).toBeVisible();
    for (const radio of await page.getByRole('radiogroup').getByRole('radio').all()) await expect(radio).not.toBeChecked();
    for (let index = 1; index < 3; index++) {
      await expect(page.getByRole('heading', { name: `Question ${index + 1} of ${total}`, exact: true })).toBeVisible();
      await page.getByRole('radiogroup').getByRole('radio').nth(index).click();
    }
    await expect(page.getByRole('heading', { name: `Question 4 of ${total}`, exact: true })).toBeVisible();

    await page.reload();
    await page.getByRole('button', { name: `Continue (3 of ${total} answered)`, exact: true }).click();
    await expect(page.getByRole('heading', { name: `Question 4 of ${total}`, exact: true })).toBeVisible();
    await expect(page.getByRole('radiogroup').getByRole('radio').nth(0)).not.toBeChecked();
    // The earlier answers are kept: question 3 has its third answer, question 2 its second.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('heading', { name: `Question 3 of ${total}`, exact: true })).toBeVisible();
    await expect(page.getByRole('radiogroup').getByRole('radio').nth(2)).toBeChecked();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('radiogroup').getByRole('radio').nth(1)).toBeChecked();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expectAccessible(page);
  });

  await test.step('finishes and sees the result', async () => {
    await answerQuestions(page, { from: 3, choice: () => 0 });
    await expect(page).toHaveURL('/user/quizz?stage=recommend');
    await expect(page.getByRole('heading', { level: 1, name: 'Your self-check result' })).toBeVisible();
  });

  await test.step('retakes it from the start; the card shows both results', async () => {
    await page.getByRole('button', { name: 'Retake the self-check', exact: true }).click();
    await expect(page).toHaveURL('/user/quizz');
    await page.getByRole('button', { name: 'Start the self-check', exact: true }).click();
    await expect(page.getByRole('radiogroup').getByRole('radio').first()).not.toBeChecked();
    await answerQuestions(page, { choice: () => 0 });
    await expect(page).toHaveURL('/user/quizz?stage=recommend');
    await page.getByRole('link', { name: 'Open my card', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'My card', exact: true })).toHaveAttribute('aria-selected', 'true');
    // A header row and one row per result.
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await expectAccessible(page);
  });
});

test('a visitor takes the self-check on /diagnosis, signs up and finds the result in the card', async ({ page, mail }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('visitor');

  await test.step('takes the self-check without an account; a reload keeps the answers', async () => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Self-check', exact: true }).click();
    await expect(page).toHaveURL('/diagnosis');
    await expect(page.getByRole('heading', { level: 1, name: 'Wellbeing self-check' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('not a diagnosis');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Start the self-check', exact: true }).click();
    await page.getByRole('radiogroup').getByRole('radio').first().click();
    await expect(page.getByRole('heading', { name: /^Question 2 of \d+$/ })).toBeVisible();
    await expectAccessible(page);

    await page.reload();
    await page.getByRole('button', { name: /^Continue \(1 of \d+ answered\)$/ }).click();
    await expect(page.getByRole('heading', { name: /^Question 2 of \d+$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('radiogroup').getByRole('radio').first()).toBeChecked();

    // The most distressed answer (shown last) to every question: red, with where to get help (docs/product.md §4 "Self-check").
    await answerQuestions(page, { choice: () => 2 });
    await expect(page.getByRole('heading', { name: 'Do not be ashamed to seek help' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get help now' }).getByRole('link', { name: '7333', exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('signs up from the end of the self-check and sees the result', async () => {
    await page.getByRole('link', { name: 'Create an account to keep my result', exact: true }).click();
    const signup = dialog(page, 'Sign up');
    await signup.getByRole('textbox', { name: 'Name', exact: true }).fill('Taras Visitor');
    await signup.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await signup.getByRole('checkbox', { name: 'I agree to the terms of use and the privacy policy', exact: true }).check();
    await signup.getByRole('button', { name: 'Get a code', exact: true }).click();
    await signup.getByRole('textbox', { name: 'Code', exact: true }).fill(await mail.codeFor(email));
    await signup.getByRole('button', { name: 'Confirm', exact: true }).click();
    await signup.getByLabel('Password', { exact: true }).fill('Kalyna-Sunrise-2025');
    await signup.getByRole('button', { name: 'Create account', exact: true }).click();

    await expect(page).toHaveURL('/user/quizz?stage=recommend');
    await expect(page.getByRole('heading', { level: 1, name: 'Your self-check result' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Red');
    const help = page.getByRole('region', { name: 'Get help now' });
    await expect(help.getByRole('link', { name: '7333', exact: true })).toHaveAttribute('href', 'tel:7333');
    await expect(help.getByRole('link', { name: '112', exact: true })).toHaveAttribute('href', 'tel:112');
    await expect(help.getByRole('link', { name: 'Write to us and ask for help', exact: true })).toHaveAttribute('href', '/contacts');
    await expectAccessible(page);
  });

  await test.step('rates the self-check', async () => {
    await page.getByRole('radio', { name: '5 of 5', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('textbox', { name: 'Comment (optional)', exact: true }).fill('Short and clear.');
    await page.getByRole('button', { name: 'Send feedback', exact: true }).click();
    await expect(page.getByText('Your feedback helps us make the self-check better.')).toBeVisible();
    await expectAccessible(page);
  });

  await test.step('finds the result in the card', async () => {
    await page.getByRole('link', { name: 'Open my card', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'My card', exact: true })).toHaveAttribute('aria-selected', 'true');
    const history = page.getByRole('table');
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history).toContainText('Red');
    await expect(history).toContainText('A: 0, B: 50, C: 0');
    // While the latest result is red, every tab of the cabinet shows where to get help now.
    await expect(page.getByRole('region', { name: 'Get help now' })).toBeVisible();
    await page.getByRole('tab', { name: 'Profile', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Get help now' })).toBeVisible();
    await page.getByRole('tab', { name: 'My card', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Retake the self-check', exact: true })).toHaveAttribute('href', '/user/quizz');
    await expectAccessible(page);
  });
});

test('a patient uploads a PNG, sees it listed and deletes it', async ({ page, mail, server }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('documents');

  await test.step('signs up', async () => {
    await page.goto('/?auth=signup');
    const signup = dialog(page, 'Sign up');
    await signup.getByRole('textbox', { name: 'Name', exact: true }).fill('Oksana Documents');
    await signup.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await signup.getByRole('checkbox', { name: 'I agree to the terms of use and the privacy policy', exact: true }).check();
    await signup.getByRole('button', { name: 'Get a code', exact: true }).click();
    await signup.getByRole('textbox', { name: 'Code', exact: true }).fill(await mail.codeFor(email));
    await signup.getByRole('button', { name: 'Confirm', exact: true }).click();
    await signup.getByLabel('Password', { exact: true }).fill('Dnipro-Evening-7741');
    await signup.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(page).toHaveURL('/user');
  });

  await test.step('uploads a PNG and sees it listed with its date as dd.MM.YY', async () => {
    await page.getByRole('tab', { name: 'Documents', exact: true }).click();
    await expect(page.getByText('You have no documents yet.')).toBeVisible();
    await expectAccessible(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file to upload', exact: true }).click();
    await (await chooser).setFiles({ name: 'blood-test.png', mimeType: 'image/png', buffer: PNG });
    const item = page.getByRole('listitem').filter({ hasText: 'blood-test.png' });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(/Added \d{2}\.\d{2}\.\d{2}\b/);
    await expectAccessible(page);
  });

  // With several instances, the file is read through each one while the other is down, whichever stored it.
  await test.step('opens the uploaded image in the viewer, titled with its name', () =>
    withEachInstanceDown(server, async () => {
      await page.getByRole('button', { name: 'Open blood-test.png', exact: true }).click();
      const viewer = dialog(page, 'blood-test.png');
      const image = viewer.getByRole('img', { name: 'blood-test.png', exact: true });
      await expect(image).toBeVisible();
      expect(await image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight])).toEqual([1, 1]);
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);
    }));

  await test.step('a file of another type is refused', async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file to upload', exact: true }).click();
    await (await chooser).setFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('This file type is not supported');
  });

  await test.step('deletes it after confirming', async () => {
    await page.getByRole('button', { name: 'Delete blood-test.png', exact: true }).click();
    const confirm = dialog(page, 'Delete document');
    await expect(confirm).toBeVisible();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete document', exact: true }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByText('You have no documents yet.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'blood-test.png' })).toHaveCount(0);
  });
});
