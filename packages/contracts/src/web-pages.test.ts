import { describe, expect, test } from 'vitest';
import { matchWebPage } from './web-page-match.ts';

describe('matchWebPage', () => {
  test('the pages of the app, as the web router matches them', () => {
    expect(matchWebPage('/')).toEqual({ page: 'home', params: {} });
    expect(matchWebPage('/about-us')).toEqual({ page: 'aboutUs', params: {} });
    expect(matchWebPage('/About-Us/')).toEqual({ page: 'aboutUs', params: {} });
    expect(matchWebPage('/user/quizz')).toEqual({ page: 'quiz', params: {} });
    expect(matchWebPage('/user/appointment-step3')).toEqual({ page: 'booking', params: { page: 'appointment-step3' } });
    expect(matchWebPage('/user/payment-success')).toEqual({ page: 'booking', params: { page: 'payment-success' } });
    expect(matchWebPage('/admin/quiz')).toEqual({ page: 'adminQuiz', params: {} });
    const room = '7d0f6d3e-3c1a-4f7e-9a51-2b8c1e0d4f60';
    expect(matchWebPage(`/meet/${room}`)).toEqual({ page: 'meeting', params: { roomId: room } });
    expect(matchWebPage('/meeting.deprecated')).toEqual({ page: 'meetingDeprecated', params: {} });
  });

  test('anything else is no page', () => {
    for (const path of [
      '/no-such-page',
      '/user/appointment-step6',
      '/user/quizz/1',
      '/admin/users',
      '/about-us/more',
      '/%E0%A4%A',
      '/meet/abc',
    ]) {
      expect(matchWebPage(path), path).toBeUndefined();
    }
  });
});
