import { MantineProvider, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasUnsavedInput } from '../lib/reload-guard.ts';
import { MutationForm } from './mutation-form.tsx';

beforeAll(() => {
  // Mantine reads the colour scheme query; jsdom has no matchMedia.
  window.matchMedia ??= (query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});
afterEach(cleanup);

function Form({ multiLine, resetAfter = false, onSent }: { multiLine: boolean; resetAfter?: boolean; onSent?: () => void }) {
  const form = useForm({ initialValues: { text: '' } });
  const mutation = useMutation({ mutationFn: async (text: string) => text });
  const Field = multiLine ? Textarea : TextInput;
  return (
    <MutationForm
      form={form}
      mutation={mutation}
      toVariables={(values) => values.text}
      onSuccess={() => {
        onSent?.();
        if (resetAfter) form.reset();
      }}
      submitLabel="Send"
    >
      <Field label="Text" {...form.getInputProps('text')} />
    </MutationForm>
  );
}

const show = (element: ReactNode) =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>{element}</QueryClientProvider>
    </MantineProvider>,
  );

describe('unsent input in a form', () => {
  it('a multi-line field with typed text is unsent until the server took it, then again after an edit', async () => {
    show(<Form multiLine />);
    expect(hasUnsavedInput()).toBe(false);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Доброго дня' } });
    expect(hasUnsavedInput()).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await waitFor(() => expect(hasUnsavedInput()).toBe(false));
    // Kept on the page as it was sent: nothing is lost by leaving. A new edit is unsent again.
    expect(screen.getByLabelText('Text')).toHaveProperty('value', 'Доброго дня');
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Доброго дня!' } });
    expect(hasUnsavedInput()).toBe(true);
  });

  it('is no longer unsent when the success handler runs (it may leave the page at once)', async () => {
    const seen: boolean[] = [];
    show(<Form multiLine onSent={() => seen.push(hasUnsavedInput())} />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Book me, please' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await waitFor(() => expect(seen).toEqual([false]));
  });

  it('a form that empties itself after sending keeps its own empty start', async () => {
    show(<Form multiLine resetAfter />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'A note' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await waitFor(() => expect(screen.getByLabelText('Text')).toHaveProperty('value', ''));
    expect(hasUnsavedInput()).toBe(false);
  });

  it('a form without free text (sign-in, settings) never holds the page', () => {
    show(<Form multiLine={false} />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'someone@example.com' } });
    expect(hasUnsavedInput()).toBe(false);
  });

  it('a form that is gone holds nothing', () => {
    const view = show(<Form multiLine />);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Draft' } });
    expect(hasUnsavedInput()).toBe(true);
    view.unmount();
    expect(hasUnsavedInput()).toBe(false);
  });
});
