import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';
import { colorSchemeOf, dialog } from '../support/ui.ts';

type Language = 'en' | 'uk';
type Scheme = 'light' | 'dark';

interface PublicPage {
  path: string;
  heading: Record<Language, string>;
  /** Print-like documents are always light. */
  alwaysLight?: boolean;
}

const publicPages: PublicPage[] = [
  { path: '/', heading: { en: 'Talk to a psychologist or a doctor online', uk: 'Поговоріть із психологом або лікарем онлайн' } },
  { path: '/about-us', heading: { en: 'About us', uk: 'Про нас' } },
  { path: '/contacts', heading: { en: 'Contacts', uk: 'Контакти' } },
  { path: '/term-of-use', heading: { en: 'Terms of use', uk: 'Умови використання' }, alwaysLight: true },
  { path: '/privacy-policy', heading: { en: 'Privacy policy', uk: 'Політика конфіденційності' }, alwaysLight: true },
  { path: '/no-such-page', heading: { en: 'Page Not Found', uk: 'Сторінку не знайдено' } },
];

const skipLink: Record<Language, string> = { en: 'Skip to content', uk: 'Перейти до вмісту' };
const homeLink: Record<Language, string> = { en: 'Go to the home page', uk: 'На головну сторінку' };

/** The visitor's stored choices, as the language and colour switches leave them (the switches are tested in preferences.spec.ts). */
async function rememberChoices(page: Page, language: Language, scheme: Scheme | 'auto') {
  await page.addInitScript(
    ([language, scheme]) => {
      localStorage.setItem('rozmova-language', language);
      localStorage.setItem('rozmova-color-scheme', scheme);
    },
    [language, scheme] as const,
  );
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `horizontal scrolling on ${page.url()}`).toBeLessThanOrEqual(innerWidth);
}

async function openPage(page: Page, { path, heading }: PublicPage, language: Language) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading[language]);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of ['en', 'uk'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`public pages and the 404 page in ${language}, ${scheme}`, async ({ page }) => {
      await rememberChoices(page, language, scheme);
      for (const publicPage of publicPages) {
        await openPage(page, publicPage, language);
        expect(await colorSchemeOf(page)).toBe(publicPage.alwaysLight ? 'light' : scheme);
        await expect(page.getByRole('link', { name: skipLink[language], exact: true })).toBeAttached();
        await expect(page.getByRole('main')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        if (publicPage.path === '/no-such-page') {
          await expect(page.getByRole('link', { name: homeLink[language], exact: true })).toBeVisible();
        }
        await expectAccessible(page);
      }
    });
  }
}

test('the 404 page leads back home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByText('The page you are looking for does not exist or has moved.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Talk to a psychologist or a doctor online');
});

test.describe('on a 360×740 phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const language of ['en', 'uk'] as const) {
    test(`no page scrolls sideways (${language})`, async ({ page }) => {
      await rememberChoices(page, language, 'light');
      for (const publicPage of publicPages) {
        await openPage(page, publicPage, language);
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
      }
    });
  }

  test('the menu holds the navigation, sign-up and the settings', async ({ page }) => {
    await page.goto('/');
    // Only "Log in" and the menu button stay in the header.
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up', exact: true })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Language', exact: true })).toBeHidden();
    await expect(page.getByRole('combobox', { name: 'Colour mode', exact: true })).toBeHidden();

    const openMenu = page.getByRole('button', { name: 'Open menu', exact: true });
    await openMenu.click();
    const menu = dialog(page, 'Menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Sign up', exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await menu.getByRole('link', { name: 'About us', exact: true }).click();
    await expect(page).toHaveURL('/about-us');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');

    await openMenu.click();
    await expect(menu).toBeVisible();
    await menu.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'Українська' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Про нас');
    const menuUk = dialog(page, 'Меню');
    await menuUk.getByRole('combobox', { name: 'Кольорова тема', exact: true }).selectOption({ label: 'Темна' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectAccessible(page);

    await menuUk.getByRole('button', { name: 'Зареєструватися', exact: true }).click();
    await expect(menuUk).toBeHidden();
    const signup = dialog(page, 'Реєстрація');
    await expect(signup).toBeVisible();
    await expect(page).toHaveURL('/about-us?auth=signup');
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect(signup).toBeHidden();
    await page.getByRole('button', { name: 'Відкрити меню', exact: true }).click();
    await dialog(page, 'Меню').getByRole('link', { name: 'Контакти', exact: true }).click();
    await expect(page).toHaveURL('/contacts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Контакти');
    await expectNoHorizontalScroll(page);
  });
});

test.describe('the contact form', () => {
  test('refuses an empty form with a message per field', async ({ page }) => {
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Send message', exact: true }).click();
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveAccessibleDescription('Enter your name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveAccessibleDescription('Enter a valid e-mail address');
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveAccessibleDescription('Write your message');
    await expect(page.getByText('Message sent', { exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'Українська' });
    await expect(page.getByRole('textbox', { name: "Ім'я", exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Надіслати повідомлення', exact: true }).click();
    await expect(page.getByRole('textbox', { name: "Ім'я", exact: true })).toHaveAccessibleDescription("Вкажіть ваше ім'я");
    await expect(page.getByRole('textbox', { name: 'Ел. пошта', exact: true })).toHaveAccessibleDescription(
      'Вкажіть правильну адресу ел. пошти',
    );
    await expect(page.getByRole('textbox', { name: 'Повідомлення', exact: true })).toHaveAccessibleDescription(
      'Напишіть ваше повідомлення',
    );
  });

  test("sends the visitor's message to the service's mailbox", async ({ page, mail }) => {
    const visitor = uniqueEmail('visitor');
    const message = `Добрий день! Can I book a consultation on Saturday? (${visitor})`;
    await page.goto('/contacts');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Taras Bondarenko');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('not an e-mail');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(message);
    await page.getByRole('button', { name: 'Send message', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveAccessibleDescription('Enter a valid e-mail address');

    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(visitor);
    await page.getByRole('button', { name: 'Send message', exact: true }).click();
    await expect(page.getByText('Message sent', { exact: true })).toBeVisible();
    await expect(page.getByText('Thank you! We will reply to your e-mail soon.', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message', exact: true })).toHaveValue('');
    await expectAccessible(page);

    const received = await mail.waitFor('care@rozmova.local', (m) => m.text.includes(visitor));
    expect(received.text).toContain(message);
    expect(received.text).toContain('Taras Bondarenko');
    expect(received.raw).toMatch(new RegExp(`^Reply-To: .*${visitor.replace(/[.+]/g, '\\$&')}`, 'mi'));
  });
});

test('the skip link is the first stop of the keyboard and moves to the content', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content', exact: true });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test("every API request tells the device's time zone (X-Timestamp)", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  const request = page.waitForRequest((candidate) => new URL(candidate.url()).pathname.startsWith('/v1/'));
  await page.goto('/our-specialists');
  const timestamp = (await request).headers()['x-timestamp'];
  expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z; GMT\+09:00; Asia\/Tokyo$/);
  await context.close();
});
