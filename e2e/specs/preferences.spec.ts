import { expect, expectAccessible, test } from '../support/fixtures.ts';
import { colorSchemeOf } from '../support/ui.ts';

test('switching the language changes the texts and <html lang>, and survives a reload', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Talk to a psychologist or a doctor online');
  const language = page.getByRole('combobox', { name: 'Language', exact: true });
  await expect(language).toHaveValue('en');

  await language.selectOption({ label: 'Українська' });
  await expect(html).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поговоріть із психологом або лікарем онлайн');
  await expect(page.getByRole('button', { name: 'Увійти', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Зареєструватися', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Перейти до вмісту', exact: true })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
  await expectAccessible(page);

  await page.reload();
  await expect(html).toHaveAttribute('lang', 'uk');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Поговоріть із психологом або лікарем онлайн');
  const mova = page.getByRole('combobox', { name: 'Мова', exact: true });
  await expect(mova).toHaveValue('uk');

  // Other pages follow the choice too, and it can be switched back.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Умови використання', exact: true }).click();
  await expect(page).toHaveURL('/term-of-use');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Умови використання');
  await mova.selectOption({ label: 'English' });
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  await expect(html).toHaveAttribute('lang', 'en');
});

test('light and dark colour modes change the page and survive a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const colourMode = page.getByRole('combobox', { name: 'Colour mode', exact: true });
  await expect(colourMode).toHaveValue('auto');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // The prerendered page is painted before the app's stylesheet sets the body's colour: read it once that is in.
  await expect.poll(background).not.toBe('rgba(0, 0, 0, 0)');
  const lightBackground = await background();

  await colourMode.selectOption({ label: 'Dark' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect.poll(background).not.toBe(lightBackground);
  const darkBackground = await background();
  await expectAccessible(page);

  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(colourMode).toHaveValue('dark');
  expect(await background()).toBe(darkBackground);

  await colourMode.selectOption({ label: 'Light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect.poll(background).toBe(lightBackground);
  await expectAccessible(page);
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(colourMode).toHaveValue('light');

  // "Light" is a choice of its own, not the system's: a dark system does not change it.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  // "System" follows the operating system.
  await colourMode.selectOption({ label: 'System' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('a legal page stays light in dark mode, and the chosen mode comes back afterwards', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Colour mode', exact: true }).selectOption({ label: 'Dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use', exact: true }).click();
  await expect(page).toHaveURL('/term-of-use');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  expect(await colorSchemeOf(page)).toBe('light');
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  expect(await colorSchemeOf(page)).toBe('light');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  expect(await colorSchemeOf(page)).toBe('light');

  await page.getByRole('contentinfo').getByRole('link', { name: 'About us', exact: true }).click();
  await expect(page).toHaveURL('/about-us');
  // The visitor's own choice was kept: pages that do not force a mode are dark again, also after a reload.
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('combobox', { name: 'Colour mode', exact: true })).toHaveValue('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

// Until the app's script in index.html knows the print-like pages, the first paints follow the stored choice (dark),
// and the page turns light only once React has rendered: a visible dark flash before the light document.
test('a legal page opened directly in dark mode is never painted dark', async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem('rozmova-color-scheme', 'dark');
    // The colour scheme of every frame the browser paints while the page loads (animation frames run right before a paint).
    const painted: string[] = [];
    (window as unknown as { paintedSchemes: string[] }).paintedSchemes = painted;
    const record = () => {
      const scheme = document.documentElement?.getAttribute('data-mantine-color-scheme');
      if (scheme && painted.at(-1) !== scheme) painted.push(scheme);
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  await page.goto('/term-of-use');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
  expect(await colorSchemeOf(page)).toBe('light');
  expect(await page.evaluate(() => (window as unknown as { paintedSchemes: string[] }).paintedSchemes)).toEqual(['light']);
});
