import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
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

type Signing = { request: APIRequestContext; context: BrowserContext; server: Parameters<typeof signInBrowser>[1] };

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

/** A patient with a consultation booked with a new doctor: the staff pages about a patient need one. */
async function seedPatientWithDoctor(request: APIRequestContext, adminToken: string) {
  const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('sweep-doctor'), name: 'Iryna Melnyk' });
  const patient = await createUser(request, adminToken, { email: uniqueEmail('sweep-patient'), name: 'Sofiia Bondar', role: 'patient' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const { patientId } = (await profileOf(request, patientToken)).role_specific_data.patient!;
  await bookFirstSlot(request, patientToken, doctor.id, patientId);
  return { doctor, patient, patientId };
}

// Each role's pages are a test of their own, spread over the workers: one slow page cannot take the whole sweep's time.
test.describe.configure({ mode: 'parallel' });

for (const { language, scheme } of looks) {
  test.describe(`every page of every role is accessible at 360 px (${language}, ${scheme})`, () => {
    test.setTimeout(150_000);

    async function signedIn({ request, context, server }: Signing, email: string, password: string) {
      const token = await apiLogin(request, email, password);
      await ok(await request.put('/v1/auth/profile', { headers: bearer(token), data: { locale: language } }), 'language');
      await context.clearCookies();
      await signInBrowser(context, server, token);
    }

    test('a visitor', async ({ page, request, server }) => {
      const auth = bearer(await apiLogin(request, server.admin.email, server.admin.password));
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
      await sweep(page, [...visitorPages, `/faq/${topic.id}`, `/faq/${topic.id}/${question.id}`], language, scheme);
    });

    test('a patient', async ({ page, context, request, server }) => {
      const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
      const patient = await createUser(request, adminToken, {
        email: uniqueEmail('sweep-patient'),
        name: 'Sofiia Bondar',
        role: 'patient',
      });
      await signedIn({ request, context, server }, patient.email, patient.password);
      const tabs = ['card', 'documents', 'chat', 'consultations', 'records-access', 'requests'].map((tab) => `/user?tab=${tab}`);
      await sweep(page, ['/user', ...tabs, '/user/quizz', '/user/appointment-step1', '/user/security'], language, scheme);
    });

    test('a doctor', async ({ page, context, request, server }) => {
      const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
      const { doctor, patientId } = await seedPatientWithDoctor(request, adminToken);
      await signedIn({ request, context, server }, doctor.email, doctor.password);
      const sections = doctorSections.map((section) => `/doctor/${section}`);
      await sweep(page, ['/doctor', ...sections, `/doctor/patients/${patientId}`, '/user/security'], language, scheme);
    });

    test('an operator', async ({ page, context, request, server }) => {
      const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
      const { patientId } = await seedPatientWithDoctor(request, adminToken);
      const operator = await createUser(request, adminToken, {
        email: uniqueEmail('sweep-operator'),
        name: 'Oksana Operator',
        role: 'operator',
      });
      await signedIn({ request, context, server }, operator.email, operator.password);
      const sections = operatorSections.map((section) => `/operator/${section}`);
      await sweep(page, ['/operator', ...sections, `/operator/patients/${patientId}`, '/user/security'], language, scheme);
    });

    test('an admin', async ({ page, context, request, server }) => {
      await signedIn({ request, context, server }, server.admin.email, server.admin.password);
      try {
        const sections = adminSections.map((section) => `/admin/${section}`);
        await sweep(page, ['/admin', '/admin/quiz', ...sections, '/user/security'], language, scheme);
      } finally {
        // The shared admin account is left in English, as the other specs expect it.
        const auth = bearer(await apiLogin(request, server.admin.email, server.admin.password));
        await ok(await request.put('/v1/auth/profile', { headers: auth, data: { locale: 'en' } }), 'language back');
      }
    });
  });
}
