import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseUserAgent } from './client-info.ts';

describe('client info', () => {
  it('reads device, system and browser from the user agent', () => {
    expect(parseUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual(
      {
        device: 'desktop',
        os: 'Linux',
        osVersion: 'unknown',
        browser: 'Chrome',
        browserVersion: '131.0.0.0',
      },
    );
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toMatchObject({ device: 'mobile', os: 'iOS', osVersion: '17.4', browser: 'Safari', browserVersion: '17.4' });
    expect(
      parseUserAgent('Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36'),
    ).toMatchObject({
      device: 'tablet',
      os: 'Android',
      osVersion: '14',
    });
  });

  it('formats the timestamp as ISO time, GMT offset and time zone name', () => {
    const value = formatTimestamp(new Date('2025-03-01T10:00:00.000Z'), 'Europe/Kyiv');
    expect(value).toMatch(/^2025-03-01T10:00:00\.000Z; GMT[+-]\d{2}:\d{2}; Europe\/Kyiv$/);
    expect(value.split(';').at(-1)?.trim()).toBe('Europe/Kyiv');
  });
});
