import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { show } from '../test/render.tsx';
import { FileField } from './file-field.tsx';

function Field({ onFile = () => {}, label = 'Diploma' }: { onFile?: (file: File | null) => void; label?: string }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileField
      label={label}
      value={file}
      clearable
      onChange={(chosen) => {
        setFile(chosen);
        onFile(chosen);
      }}
    />
  );
}

const chooser = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('the file field', () => {
  it('says "Choose file" under its label, then names the chosen file', async () => {
    const onFile = vi.fn();
    const user = userEvent.setup();
    await show(<Field onFile={onFile} />);
    // Named by its label and then what it shows (aria-labelledby: the label, then itself), which a browser reads as
    // "Diploma Choose file"; jsdom's name computation stops at the label, so the shown text is checked on its own.
    const button = screen.getByRole('button', { name: /^Diploma/ });
    expect(button).toHaveTextContent('Choose file');
    expect(button.getAttribute('aria-labelledby')!.split(' ')).toEqual([`${button.id}-label`, button.id]);
    await user.upload(chooser(), new File(['%PDF'], 'диплом.pdf', { type: 'application/pdf' }));
    expect(onFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'диплом.pdf' }));
    expect(button).toHaveTextContent('диплом.pdf');
    expect(button).not.toHaveTextContent('Choose file');
  });

  it('offers documents only: a file of another type is not taken', async () => {
    const onFile = vi.fn();
    const user = userEvent.setup();
    await show(<Field onFile={onFile} />);
    expect(chooser().accept.split(',')).toEqual(
      expect.arrayContaining(['application/pdf', 'image/jpeg', 'image/png', '.pdf', '.jpg', '.heic', '.heif']),
    );
    await user.upload(chooser(), new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^Diploma/ })).toHaveTextContent('Choose file');
  });

  it('removes the chosen file with its named button', async () => {
    const onFile = vi.fn();
    const user = userEvent.setup();
    await show(<Field onFile={onFile} />);
    await user.upload(chooser(), new File(['png'], 'photo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Remove the file' }));
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: /^Diploma/ })).toHaveTextContent('Choose file');
  });

  it('opens the chooser from the keyboard', async () => {
    const user = userEvent.setup();
    await show(<Field />);
    const opened = vi.fn();
    chooser().addEventListener('click', opened);
    await user.tab();
    expect(screen.getByRole('button', { name: /^Diploma/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalled();
  });

  it('reads in Ukrainian', async () => {
    const user = userEvent.setup();
    await show(<Field label="Диплом" />, { locale: 'uk' });
    expect(screen.getByRole('button', { name: /^Диплом/ })).toHaveTextContent('Оберіть файл');
    await user.upload(chooser(), new File(['png'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByRole('button', { name: 'Прибрати файл' })).toBeInTheDocument();
  });
});
