import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTICE_PREFS, readNoticePrefs } from '../src';

describe('readNoticePrefs', () => {
  it.each([
    ['nothing stored', {}, DEFAULT_NOTICE_PREFS],
    ['not an object', 'x', DEFAULT_NOTICE_PREFS],
    ['a bad language', { locale: 'fr' }, DEFAULT_NOTICE_PREFS],
    [
      'some choices: the rest keep their defaults',
      { locale: 'en', sms: { paid: true, shipped: false } },
      {
        locale: 'en',
        email: DEFAULT_NOTICE_PREFS.email,
        sms: { ...DEFAULT_NOTICE_PREFS.sms, paid: true, shipped: false },
      },
    ],
    ['an unknown notice', { email: { spam: true } }, DEFAULT_NOTICE_PREFS],
  ])('%s', (_name, stored, expected) => {
    expect(readNoticePrefs(stored)).toEqual(expected);
  });
});
