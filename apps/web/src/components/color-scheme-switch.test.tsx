import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { show } from '../test/render.tsx';
import { ColorSchemeSwitch } from './color-scheme-switch.tsx';

afterEach(() => localStorage.clear());

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe('the colour mode switch', () => {
  it('offers system, light and dark', async () => {
    await show(<ColorSchemeSwitch />);
    const select = screen.getByRole('combobox', { name: 'Colour mode' });
    expect(Array.from((select as HTMLSelectElement).options, (option) => option.text)).toEqual(['System', 'Light', 'Dark']);
  });

  it('switches the page to dark and back, and remembers the choice', async () => {
    const user = userEvent.setup();
    await show(<ColorSchemeSwitch />);
    const select = screen.getByRole('combobox', { name: 'Colour mode' });
    await user.selectOptions(select, 'Dark');
    await waitFor(() => expect(scheme()).toBe('dark'));
    expect(select).toHaveValue('dark');
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
    await user.selectOptions(select, 'Light');
    await waitFor(() => expect(scheme()).toBe('light'));
    expect(localStorage.getItem('mantine-color-scheme-value')).toBe('light');
  });

  it('reads in Ukrainian', async () => {
    await show(<ColorSchemeSwitch />, { locale: 'uk' });
    const select = screen.getByRole('combobox', { name: 'Кольорова тема' });
    expect(Array.from((select as HTMLSelectElement).options, (option) => option.text)).toEqual(['Системна', 'Світла', 'Темна']);
  });
});
