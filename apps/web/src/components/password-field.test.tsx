import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { show } from '../test/render.tsx';
import { NewPasswordField, PasswordField } from './password-field.tsx';

describe('the password field', () => {
  it('hides the characters until asked, and hides them again', async () => {
    const user = userEvent.setup();
    await show(<PasswordField label="Password" />);
    const field = screen.getByLabelText('Password');
    await user.type(field, 'Kyiv-2026!');
    expect(field).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show characters' });
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveValue('Kyiv-2026!');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'password');
  });

  it('names its toggle apart from the field, in Ukrainian too', async () => {
    await show(<PasswordField label="Пароль" />, { locale: 'uk' });
    expect(screen.getByRole('button', { name: 'Показати символи' })).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('type', 'password');
  });

  it('a new password says the rule, is required and lets the browser suggest one', async () => {
    await show(<NewPasswordField label="New password" />);
    const field = screen.getByLabelText(/New password/);
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('autocomplete', 'new-password');
    expect(field).toHaveAccessibleDescription('8 to 128 characters; avoid common passwords');
  });

  it('a new password’s rule reads in Ukrainian', async () => {
    await show(<NewPasswordField label="Новий пароль" />, { locale: 'uk' });
    expect(screen.getByLabelText(/Новий пароль/)).toHaveAccessibleDescription('Від 8 до 128 символів; уникайте поширених паролів');
  });
});
