import type { Page } from '@playwright/test';
import { adminSections, doctorSections, operatorSections } from '@rozmova/contracts';
import {
  apiLogin,
  bearer,
  bookFirstSlot,
  createDoctor,
  createUser,
  expectNoSidewaysScroll,
  ok,
  profileOf,
  signInBrowser,
} from '../support/booking.ts';
import { expect, expectAccessible, test, uniqueEmail } from '../support/fixtures.ts';

/*
 * Every page of every role on a 360 px phone, checked with axe: each page in Ukrainian and in English, and in light and
 * in dark (Ukrainian light, English dark), with no sideways scroll. The journeys' specs check the dialogs and the
 * states they open; this sweep makes sure no page is left out.
 */

type Language = 'en' | 'uk';
type Scheme = 'light' | 'dark';
const looks: { language: Language; scheme: Scheme }[] = [
  { language: 'uk', scheme: 'light' },
  { language: 'en', scheme: 'dark' },
];

test.use({ viewport: { width: 360, height: 740 } });

const alwaysLight = ['/term-of-use', '/privacy-policy'];

async function sweep(page: Page, paths: string[], language: Language, scheme: Scheme) {
  await page.addInitScript(
    ([language, scheme]) => {
      localStorage.setItem('rozmova-language', language);
      localStorage.setItem('rozmova-color-scheme', scheme);
    },
    [language, scheme] as const,
  );
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first(), `the heading of ${path}`).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // The terms and the privacy policy read as printed documents: always light.
    const drawnIn = alwaysLight.includes(path) ? 'light' : scheme;
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', drawnIn);
    // Lists and cards load after the heading: the page is checked once nothing is loading.
    await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
  }
}

const visitorPages = [
  '/',
  '/about-us',
  '/contacts',
  '/diagnosis',
  '/our-specialists',
  '/prices',
  '/faq',
  '/support',
  '/corporate-clients',
  '/for-specialists',
  '/meeting.deprecated',
  // Without a sign-in under way: it says so and offers to sign in again (two-factor.spec.ts checks the setup itself).
  '/sign-in/authenticator',
  '/sentry-example-page',
  '/term-of-use',
  '/privacy-policy',
  '/no-such-page',
];

for (const { language, scheme } of looks) {
  test(`every page of every role is accessible at 360 px (${language}, ${scheme})`, async ({ page, context, request, server }) => {
    test.setTimeout(240_000);
    const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
    const auth = bearer(adminToken);
    const topic = await ok<{ id: string }>(
      await request.post('/v1/admin/faq/topics', {
        headers: auth,
        data: { title: { uk: 'Запис і оплата', en: 'Booking and payment' }, position: 0, isPublished: true },
      }),
      'faq topic',
    );
    const question = await ok<{ id: string }>(
      await request.post('/v1/admin/faq/questions', {
        headers: auth,
        data: {
          topicId: topic.id,
          question: { uk: 'Як скасувати консультацію?', en: 'How do I cancel a consultation?' },
          answer: { uk: 'У кабінеті, на вкладці «Мої консультації».', en: 'In your cabinet, under My consultations.' },
          position: 0,
          isPublished: true,
        },
      }),
      'faq question',
    );
    const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('sweep-doctor'), name: 'Iryna Melnyk' });
    const operator = await createUser(request, adminToken, {
      email: uniqueEmail('sweep-operator'),
      name: 'Oksana Operator',
      role: 'operator',
    });
    const patient = await createUser(request, adminToken, { email: uniqueEmail('sweep-patient'), name: 'Sofiia Bondar', role: 'patient' });
    const patientToken = await apiLogin(request, patient.email, patient.password);
    const { patientId } = (await profileOf(request, patientToken)).role_specific_data.patient!;
    await bookFirstSlot(request, patientToken, doctor.id, patientId);

    const signedIn = async (email: string, password: string) => {
      const token = await apiLogin(request, email, password);
      await ok(await request.put('/v1/auth/profile', { headers: bearer(token), data: { locale: language } }), 'language');
      await context.clearCookies();
      await signInBrowser(context, server, token);
    };

    await test.step('a visitor', () =>
      sweep(page, [...visitorPages, `/faq/${topic.id}`, `/faq/${topic.id}/${question.id}`], language, scheme));

    await test.step('a patient', async () => {
      await signedIn(patient.email, patient.password);
      const tabs = ['card', 'documents', 'chat', 'consultations', 'records-access', 'requests'].map((tab) => `/user?tab=${tab}`);
      await sweep(page, ['/user', ...tabs, '/user/quizz', '/user/appointment-step1', '/user/security'], language, scheme);
    });

    await test.step('a doctor', async () => {
      await signedIn(doctor.email, doctor.password);
      const sections = doctorSections.map((section) => `/doctor/${section}`);
      await sweep(page, ['/doctor', ...sections, `/doctor/patients/${patientId}`, '/user/security'], language, scheme);
    });

    await test.step('an operator', async () => {
      await signedIn(operator.email, operator.password);
      const sections = operatorSections.map((section) => `/operator/${section}`);
      await sweep(page, ['/operator', ...sections, `/operator/patients/${patientId}`, '/user/security'], language, scheme);
    });

    await test.step('an admin', async () => {
      await signedIn(server.admin.email, server.admin.password);
      const sections = adminSections.map((section) => `/admin/${section}`);
      await sweep(page, ['/admin', '/admin/quiz', ...sections, '/user/security'], language, scheme);
      // The shared admin account is left in English, as the other specs expect it.
      await ok(await request.put('/v1/auth/profile', { headers: auth, data: { locale: 'en' } }), 'language back');
    });
  });
}
