import { describe, expect, test } from 'vitest';
import { compilePathPattern, isCleanAddress, sanitizePage } from './page-path.ts';

const uuid = '5f0c6a1e-8d2b-4c3f-9a7e-1b2c3d4e5f60';

describe('sanitizePage: the only path analytics ever gets', () => {
  test.each([
    ['/', '/', 'home'],
    ['/about-us', '/about-us', 'aboutUs'],
    ['/ABOUT-US/', '/about-us', 'aboutUs'],
    ['/user', '/user', 'cabinet'],
    ['/user/quizz', '/user/quizz', 'quiz'],
    ['/user/appointment-step3', '/user/appointment-step3', 'booking'],
    ['/user/payment-success/', '/user/payment-success', 'booking'],
    ['/admin/audit', '/admin/audit', 'adminSection'],
    ['/doctor/patients', '/doctor/patients', 'doctorSection'],
    [`/meet/${uuid}`, '/meet/:roomId', 'meeting'],
    [`/doctor/patients/${uuid}`, '/doctor/patients/:patientId', 'doctorPatient'],
    [`/operator/patients/${uuid.toUpperCase()}`, '/operator/patients/:patientId', 'operatorPatient'],
    [`/support/requests/${uuid}`, '/support/requests/:requestId', 'supportRequest'],
    [`/faq/${uuid}/${uuid}`, '/faq/:topicId/:questionId', 'faqQuestion'],
  ])('%s → %s (%s)', (pathname, path, name) => {
    expect(sanitizePage(pathname)).toEqual({ path, name });
  });

  test.each([
    '/meet/not-a-room',
    '/doctor/patients/123',
    '/user/olena.kovalenko@example.com',
    '/admin/users/42',
    '/no-such-page',
    '/%E0%A4%A',
    `/meet/${uuid}/extra`,
  ])('%s is no page of the app: /not-found, nothing of what was typed', (pathname) => {
    expect(sanitizePage(pathname)).toEqual({ path: '/not-found', name: 'notFound' });
  });

  test('no id of any page survives', () => {
    for (const pathname of [`/meet/${uuid}`, `/doctor/patients/${uuid}`, `/support/requests/${uuid}`, `/faq/${uuid}`]) {
      expect(sanitizePage(pathname).path).not.toContain(uuid.slice(0, 8));
    }
  });
});

describe('isCleanAddress: whether the pixel, which reads the address itself, may send', () => {
  test.each([
    [{ pathname: '/prices', search: '', hash: '' }, true],
    [{ pathname: '/user/quizz', search: '', hash: '' }, true],
    [{ pathname: '/prices', search: '?auth=login', hash: '' }, false],
    [{ pathname: '/user/quizz', search: '?stage=recommend', hash: '' }, false],
    [{ pathname: '/operator/patients', search: '?q=Kovalenko', hash: '' }, false],
    [{ pathname: '/contacts', search: '', hash: '#map' }, false],
    [{ pathname: `/meet/${uuid}`, search: '', hash: '' }, false],
    [{ pathname: '/About-Us', search: '', hash: '' }, false],
    [{ pathname: '/no-such-page', search: '', hash: '' }, false],
  ])('%j → %s', (location, clean) => {
    expect(isCleanAddress(location)).toBe(clean);
  });
});

describe('compilePathPattern: PIXEL_PATH_PATTERN', () => {
  test('unset: every path', () => {
    expect(compilePathPattern(null)!.test('/user/quizz')).toBe(true);
  });

  test('a pattern that leaves out the signed-in areas', () => {
    const pattern = compilePathPattern('^/(?!user|meet|doctor|operator|admin)')!;
    expect(['/', '/prices', '/about-us'].map((path) => pattern.test(path))).toEqual([true, true, true]);
    expect(['/user', '/user/quizz', '/meet/:roomId', '/admin'].map((path) => pattern.test(path))).toEqual([false, false, false, false]);
  });

  test('one that does not compile matches nothing', () => {
    expect(compilePathPattern('(unclosed')).toBeNull();
  });
});
