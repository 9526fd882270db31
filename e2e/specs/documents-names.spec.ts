import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { apiLogin, createUser, expectNoSidewaysScroll, signInBrowser } from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { chooseLanguage, dialog } from '../support/ui.ts';

/**
 * Documents keep the names they were uploaded under (issue: "Документ 25.11.2026 22-46.pdf" for test.pdf): the list
 * shows the name and the size in the reader's language, the document opens in the app's viewer titled with its name,
 * and "Download" saves it under that name; in Ukrainian on a 360 px phone too, checked with axe.
 */

// A one-page PDF the browser's viewer draws.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function uploadThroughThePage(page: Page, button: string, name: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
}

/** The viewer's "Download" saves the same bytes under the document's name. */
async function expectDownloadNamed(page: Page, viewer: Locator, button: string, name: string): Promise<void> {
  const download = page.waitForEvent('download');
  await viewer.getByRole('link', { name: button, exact: true }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(name);
  expect(await readFile(await saved.path())).toEqual(PDF);
}

test('a patient’s document keeps its name in the list, the viewer and the download, in both languages and at 360 px', async ({
  page,
  request,
  server,
}) => {
  test.setTimeout(120_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const patient = await createUser(request, adminToken, { email: uniqueEmail('names'), name: 'Iryna Names', role: 'patient' });
  await signInBrowser(page.context(), server, await apiLogin(request, patient.email, patient.password));
  await page.goto('/user?tab=documents');

  await test.step('uploads test.pdf and sees it listed as test.pdf with its size', async () => {
    await uploadThroughThePage(page, 'Choose a file to upload', 'test.pdf');
    await expect(page.getByText('test.pdf has been uploaded.')).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: 'test.pdf' });
    await expect(item).toHaveCount(1);
    await expect(item.getByText('test.pdf', { exact: true })).toBeVisible();
    await expect(item).toContainText(/Added \d{2}\.\d{2}\.\d{2} · 1 KB/);
    await expect(page.getByText(/Документ \d/)).toHaveCount(0);
  });

  await test.step('opens it in the viewer titled test.pdf and downloads it as test.pdf', async () => {
    await page.getByRole('button', { name: 'Open test.pdf', exact: true }).click();
    const viewer = dialog(page, 'test.pdf');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByRole('heading', { name: 'test.pdf', exact: true })).toBeVisible();
    const frame = viewer.locator('iframe[title="test.pdf"]');
    await expect(frame).toBeVisible();
    await expect(frame).toHaveAttribute('src', /^blob:/);
    await expectDownloadNamed(page, viewer, 'Download', 'test.pdf');
    await viewer.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(viewer).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open test.pdf', exact: true })).toBeFocused();
  });

  await test.step('in Ukrainian on a 360 px phone: a Ukrainian name, the size in КБ, the viewer full screen and accessible', async () => {
    await chooseLanguage(page, 'uk');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    const name = 'Аналіз крові від 12.05.2026.pdf';
    await uploadThroughThePage(page, 'Обрати файл для завантаження', name);
    const item = page.getByRole('listitem').filter({ hasText: name });
    await expect(item).toContainText('1 КБ');
    await expect(page.getByRole('listitem').filter({ hasText: 'test.pdf' })).toContainText('1 КБ');
    await expectNoSidewaysScroll(page);

    await page.getByRole('button', { name: `Відкрити ${name}`, exact: true }).click();
    const viewer = dialog(page, name);
    await expect(viewer.locator(`iframe[title="${name}"]`)).toBeVisible();
    const box = await viewer.boundingBox();
    expect(box?.width).toBe(360);
    await expectAccessible(page);
    await expectDownloadNamed(page, viewer, 'Зберегти файл', name);
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
  });
});
