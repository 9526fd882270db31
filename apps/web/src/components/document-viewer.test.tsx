import { documentsApi } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiDouble } from '../test/api-double.ts';
import { show } from '../test/render.tsx';
import { DocumentViewer, type ViewedDocument } from './document-viewer.tsx';

// jsdom makes no object URLs: the viewer's file gets a recognisable one, and each release is counted.
const created: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  created.length = 0;
  revoked.length = 0;
  Object.assign(URL, {
    createObjectURL: () => {
      created.push(`blob:file-${created.length + 1}`);
      return created.at(-1)!;
    },
    revokeObjectURL: (url: string) => revoked.push(url),
  });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  Reflect.deleteProperty(navigator, 'pdfViewerEnabled');
});

const scan: ViewedDocument = { id: 'ref-1', name: 'Знімок МРТ.png' };
const report: ViewedDocument = { id: 'ref-2', name: 'Висновок.pdf' };

function documentsApiWith(files: Record<string, Blob>) {
  const api = createApiDouble();
  api.on(documentsApi.file, ({ params }) => {
    const file = files[params.id!];
    return file ? { body: file } : { status: 404, error: { code: 'NOT_FOUND', message: 'Not found' } };
  });
  return api;
}

/** A list with one button per document, as the cabinet opens them. */
function Opener({ documents }: { documents: ViewedDocument[] }) {
  const [open, setOpen] = useState<ViewedDocument | null>(null);
  return (
    <>
      {documents.map((document) => (
        <button key={document.id} type="button" onClick={() => setOpen(document)}>
          Open {document.name}
        </button>
      ))}
      <DocumentViewer document={open} onClose={() => setOpen(null)} />
    </>
  );
}

describe('the document viewer', () => {
  it('shows an image under its name and offers it for download under that name', async () => {
    const api = documentsApiWith({ 'ref-1': new Blob(['png'], { type: 'image/png' }) });
    const user = userEvent.setup();
    await show(<Opener documents={[scan]} />, { api });
    await user.click(screen.getByRole('button', { name: 'Open Знімок МРТ.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Знімок МРТ.png' });
    expect(await within(dialog).findByRole('img', { name: 'Знімок МРТ.png' })).toHaveAttribute('src', 'blob:file-1');
    const download = within(dialog).getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', 'blob:file-1');
    expect(download).toHaveAttribute('download', 'Знімок МРТ.png');
    // The file is asked for to be shown in the page, not saved.
    expect(api.callsTo(documentsApi.file, { id: 'ref-1' }).map((call) => call.query)).toEqual([{ disposition: 'inline' }]);
  });

  it('says it is loading and offers no download until the file is there', async () => {
    let deliver: (blob: Blob) => void = () => {};
    const api = createApiDouble();
    api.on(documentsApi.file, () => new Promise((resolve) => (deliver = (blob) => resolve({ body: blob }))));
    await show(<DocumentViewer document={scan} onClose={() => {}} />, { api });
    const dialog = await screen.findByRole('dialog', { name: 'Знімок МРТ.png' });
    expect(within(dialog).getByRole('status', { name: 'Loading the document' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeDisabled();
    deliver(new Blob(['png'], { type: 'image/png' }));
    expect(await within(dialog).findByRole('link', { name: 'Download' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a PDF in the browser’s own viewer when it has one', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: true, configurable: true });
    const api = documentsApiWith({ 'ref-2': new Blob(['%PDF'], { type: 'application/pdf' }) });
    await show(<DocumentViewer document={report} onClose={() => {}} />, { api });
    const frame = await screen.findByTitle('Висновок.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:file-1#toolbar=0/);
  });

  it('asks to download a PDF where the browser cannot show it (a phone without a PDF viewer)', async () => {
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    const api = documentsApiWith({ 'ref-2': new Blob(['%PDF'], { type: 'application/pdf' }) });
    await show(<DocumentViewer document={report} onClose={() => {}} />, { api, locale: 'uk' });
    expect(
      await screen.findByText('Цей браузер не може показати файл тут. Збережіть його, щоб відкрити на своєму пристрої.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Зберегти файл' })).toHaveAttribute('download', 'Висновок.pdf');
    expect(screen.queryByTitle('Висновок.pdf')).not.toBeInTheDocument();
  });

  it('shows why a file cannot be opened', async () => {
    await show(<DocumentViewer document={{ id: 'gone', name: 'old.pdf' }} onClose={() => {}} />, { api: documentsApiWith({}) });
    const dialog = await screen.findByRole('dialog', { name: 'old.pdf' });
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeDisabled();
  });

  it('closes from its button and from Escape, releases the file and gives the focus back to the opener', async () => {
    const api = documentsApiWith({ 'ref-1': new Blob(['png'], { type: 'image/png' }) });
    const user = userEvent.setup();
    await show(<Opener documents={[scan]} />, { api });
    const opener = screen.getByRole('button', { name: 'Open Знімок МРТ.png' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('img');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(revoked).toEqual(['blob:file-1']));
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await within(await screen.findByRole('dialog')).findByRole('img');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens the next document under its own name', async () => {
    const api = documentsApiWith({ 'ref-1': new Blob(['png'], { type: 'image/png' }), 'ref-2': new Blob(['x'], { type: 'image/jpeg' }) });
    const user = userEvent.setup();
    await show(<Opener documents={[scan, { id: 'ref-2', name: 'Рецепт.jpg' }]} />, { api });
    await user.click(screen.getByRole('button', { name: 'Open Знімок МРТ.png' }));
    await within(await screen.findByRole('dialog')).findByRole('img', { name: 'Знімок МРТ.png' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open Рецепт.jpg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Рецепт.jpg' });
    expect(await within(dialog).findByRole('img', { name: 'Рецепт.jpg' })).toBeInTheDocument();
  });
});
