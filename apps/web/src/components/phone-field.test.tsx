import { Button } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { isPhone } from '../lib/validation.ts';
import { show } from '../test/render.tsx';
import { PhoneField } from './phone-field.tsx';

/** The phone form as the booking's details step has it: the field checked with the server's own rule. */
function PhoneForm({ onSave }: { onSave: (phone: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { phone: '' },
    validate: { phone: (value) => (isPhone(value.trim()) ? null : t('validation.phone')) },
  });
  return (
    <form onSubmit={form.onSubmit((values) => onSave(values.phone))} noValidate>
      <PhoneField label={t('fields.phone')} {...form.getInputProps('phone')} />
      <Button type="submit">{t('common.continue')}</Button>
    </form>
  );
}

async function typePhone(text: string, locale: 'en' | 'uk' = 'en') {
  const onSave = vi.fn();
  const user = userEvent.setup();
  await show(<PhoneForm onSave={onSave} />, { locale });
  const field = screen.getByRole('textbox');
  await user.type(field, text);
  await user.click(screen.getByRole('button', { name: locale === 'uk' ? 'Продовжити' : 'Continue' }));
  return { field, onSave };
}

describe('the phone field', () => {
  it('asks for the phone keyboard and autofill, with a Ukrainian number as the example', async () => {
    await show(<PhoneForm onSave={() => {}} />);
    const field = screen.getByRole('textbox', { name: 'Phone' });
    expect(field).toHaveAttribute('type', 'tel');
    expect(field).toHaveAttribute('autocomplete', 'tel');
    expect(field).toHaveAttribute('placeholder', '067 123 45 67');
  });

  it.each(['067 123 45 67', '(067) 123-45-67', '+380 67 123 45 67', '00380671234567', '+48 601 234 567'])(
    'takes %s as people write it',
    async (typed) => {
      const { field, onSave } = await typePhone(typed);
      expect(onSave).toHaveBeenCalledWith(typed);
      expect(field).not.toHaveAttribute('aria-invalid', 'true');
    },
  );

  it('refuses letters, with the example of what it takes', async () => {
    const { field, onSave } = await typePhone('067 ABC 45 67');
    expect(onSave).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Enter a Ukrainian number, e.g. 067 123 45 67, or another country’s with its + prefix');
  });

  it('refuses a Ukrainian number with a digit missing, in Ukrainian', async () => {
    const { onSave } = await typePhone('067 123 45 6', 'uk');
    expect(onSave).not.toHaveBeenCalled();
    expect(
      screen.getByText('Вкажіть український номер, наприклад 067 123 45 67, або номер іншої країни з її кодом через +'),
    ).toBeInTheDocument();
  });
});
