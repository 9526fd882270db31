import { describe, expect, it } from 'vitest';
import en from './en.json';
import uk from './uk.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );
}

const english = flatten(en as Tree);
const ukrainian = flatten(uk as Tree);

describe('locale files', () => {
  it('have exactly the same keys', () => {
    expect(Object.keys(ukrainian).sort()).toEqual(Object.keys(english).sort());
  });

  it('have no empty texts', () => {
    for (const texts of [english, ukrainian]) {
      expect(Object.entries(texts).filter(([, text]) => text.trim() === '')).toEqual([]);
    }
  });

  it('carry the docs/product.md §8 Ukrainian error texts exactly', () => {
    expect(ukrainian).toMatchObject({
      'errors.emailNotVerified': 'Ваш имейл не верифіковано',
      'errors.loginUnknownEmail': 'Користувача з такою поштою незареєстровано',
      'errors.invalidCredentials': 'Невірні облікові данні',
      'errors.generic': 'Сталася помилка',
      'errors.emailTaken': 'Користувача з такою поштою вже зареєстровано',
      'errors.confirmEmail': 'Підтвердіть вашу пошту, вам було відправлено лист з посиланням для підтвердження.',
      'errors.registerEmailTaken': 'Помилка реєстрації. Користувача з такою поштою вже зареєстровано',
      'errors.codeExpired': 'Термін перевірки коду закінчився',
      'errors.unknown': 'Невідома помилка',
      'errorPage.notFound': 'Сторінку не знайдено',
      'errorPage.internal': 'Внутрішня помилка сервера',
    });
    expect(english['errorPage.notFound']).toBe('Page Not Found');
    expect(english['errorPage.internal']).toBe('Internal Server Error');
  });

  it('has a text for every key authErrorKey can return', async () => {
    const { authErrorKey } = await import('@rozmova/contracts');
    const operations = ['login', 'register', 'sendRegisterCode', 'sendRecoveryCode', 'checkCode'] as const;
    const statuses = [undefined, 400, 403, 404, 409, 410, 429, 500];
    for (const operation of operations) {
      for (const status of statuses) {
        for (const message of [undefined, 'User email is not verified']) {
          const key = authErrorKey(operation, status, message);
          expect(english[key], key).toBeDefined();
          expect(ukrainian[key], key).toBeDefined();
        }
      }
    }
  });
});
