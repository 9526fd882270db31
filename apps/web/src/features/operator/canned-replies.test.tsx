import { notifications } from '@mantine/notifications';
import { supportApi, type CannedReply } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { CannedRepliesModal, CannedReplyTools, SaveCannedReplyModal } from './canned-replies.tsx';

afterEach(() => notifications.clean());

const user = userEvent.setup({ delay: null });

const reply = (id: string, title: string, text: string): CannedReply => ({ id, title, text, updated_at: '2026-11-20T12:00:00.000Z' });
const greeting = reply('c1', 'Greeting', 'Hello! How can I help you?');
const refund = reply('c2', 'Refund', 'The refund takes up to 5 working days.');

function withReplies(replies: CannedReply[]): ApiDouble {
  const api = createApiDouble();
  api.on(supportApi.cannedReplies, { body: { replies } });
  return api;
}

async function openManager(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(<CannedRepliesModal onClose={() => {}} />, { api, locale });
  return screen.findByRole('dialog');
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

describe('the canned replies manager', () => {
  it('lists the operator’s replies with their titles and texts', async () => {
    const dialog = await openManager(withReplies([greeting, refund]));
    const list = await within(dialog).findByRole('list', { name: 'My canned replies' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Greeting');
    expect(items[0]).toHaveTextContent('Hello! How can I help you?');
    expect(within(items[1]!).getByRole('button', { name: 'Edit the reply "Refund"' })).toBeEnabled();
    expect(within(items[1]!).getByRole('button', { name: 'Delete the reply "Refund"' })).toBeEnabled();
  });

  it('says when there is none yet, in Ukrainian too', async () => {
    const dialog = await openManager(withReplies([]), 'uk');
    expect(await within(dialog).findByText('Шаблонів ще немає.')).toBeInTheDocument();
  });

  it('adds a reply with its trimmed title and text, and empties the form after', async () => {
    const api = withReplies([greeting]);
    api.on(supportApi.createCannedReply, { status: 201, body: refund });
    const dialog = await openManager(api);
    await within(dialog).findByRole('list');
    expect(within(dialog).getByRole('heading', { name: 'New reply' })).toBeInTheDocument();
    await user.click(field(dialog, 'Title'));
    await user.paste('  Refund ');
    await user.click(field(dialog, 'Text'));
    await user.paste(' The refund takes up to 5 working days. ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo(supportApi.createCannedReply)).toHaveLength(1));
    expect(api.callsTo(supportApi.createCannedReply)[0]).toMatchObject({
      method: 'POST',
      body: { title: 'Refund', text: 'The refund takes up to 5 working days.' },
    });
    await waitFor(() => expect(field(dialog, 'Title')).toHaveValue(''));
    await waitFor(() => expect(api.callsTo(supportApi.cannedReplies)).toHaveLength(2));
  });

  it('asks for a title and a text before sending', async () => {
    const api = withReplies([]);
    const dialog = await openManager(api);
    await user.type(field(dialog, 'Title'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Give the reply a title')).toBeInTheDocument();
    expect(within(dialog).getByText("Write the reply's text")).toBeInTheDocument();
    expect(api.callsTo(supportApi.createCannedReply)).toEqual([]);
  });

  it('takes no more than 80 characters of a title', async () => {
    const dialog = await openManager(withReplies([]));
    await user.click(field(dialog, 'Title'));
    await user.paste('t'.repeat(100));
    expect(field(dialog, 'Title')).toHaveValue('t'.repeat(80));
  });

  it('edits a reply in the same form, and cancel goes back to adding', async () => {
    const api = withReplies([greeting, refund]);
    api.on(supportApi.updateCannedReply, { body: { ...refund, text: 'Up to 7 days.' } });
    const dialog = await openManager(api);
    await user.click(await within(dialog).findByRole('button', { name: 'Edit the reply "Refund"' }));
    expect(within(dialog).getByRole('heading', { name: 'Edit the reply' })).toBeInTheDocument();
    expect(field(dialog, 'Title')).toHaveValue('Refund');
    await user.clear(field(dialog, 'Text'));
    await user.type(field(dialog, 'Text'), 'Up to 7 days.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(supportApi.updateCannedReply, { id: 'c2' })).toHaveLength(1));
    expect(api.callsTo(supportApi.updateCannedReply)[0]).toMatchObject({ method: 'PUT', body: { title: 'Refund', text: 'Up to 7 days.' } });
    expect(await within(dialog).findByRole('heading', { name: 'New reply' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Edit the reply "Greeting"' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('heading', { name: 'New reply' })).toBeInTheDocument();
    expect(field(dialog, 'Title')).toHaveValue('');
  });

  it('keeps what was typed and shows the refusal when the server will not save it', async () => {
    const api = withReplies([]);
    api.on(supportApi.createCannedReply, { status: 429, error: { code: 'TOO_MANY_REQUESTS', message: 'Limit' } });
    const dialog = await openManager(api);
    await user.type(field(dialog, 'Title'), 'Hello');
    await user.type(field(dialog, 'Text'), 'Hello there');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many attempts');
    expect(field(dialog, 'Title')).toHaveValue('Hello');
    expect(field(dialog, 'Text')).toHaveValue('Hello there');
  });

  it('deletes a reply after asking, the cancel button focused first', async () => {
    const api = withReplies([greeting]);
    api.on(supportApi.removeCannedReply, { status: 204 });
    const dialog = await openManager(api);
    await user.click(await within(dialog).findByRole('button', { name: 'Delete the reply "Greeting"' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the reply' });
    expect(confirm).toHaveTextContent('The reply "Greeting" will be deleted.');
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete the reply' })).not.toBeInTheDocument());
    expect(api.callsTo(supportApi.removeCannedReply, { id: 'c1' })[0]!.method).toBe('DELETE');
  });

  it('shows why the replies cannot be read', async () => {
    const api = createApiDouble();
    api.on(supportApi.cannedReplies, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    const dialog = await openManager(api);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});

describe('canned replies beside the message box', () => {
  it('puts a chosen reply into the message box', async () => {
    const onInsert = vi.fn();
    await show(<CannedReplyTools onInsert={onInsert} onManage={() => {}} written="" onSaveAs={() => {}} />, {
      api: withReplies([greeting, refund]),
    });
    await user.click(screen.getByRole('button', { name: 'Insert a reply' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refund' }));
    expect(onInsert).toHaveBeenCalledWith('The refund takes up to 5 working days.');
  });

  it('opens the manager from the menu’s last item, which is there even without replies', async () => {
    const onManage = vi.fn();
    await show(<CannedReplyTools onInsert={() => {}} onManage={onManage} written="" onSaveAs={() => {}} />, { api: withReplies([]) });
    await user.click(screen.getByRole('button', { name: 'Insert a reply' }));
    const manage = await screen.findByRole('menuitem', { name: 'Canned replies' });
    expect(screen.getByText('No canned replies yet.')).toBeInTheDocument();
    await user.click(manage);
    expect(onManage).toHaveBeenCalled();
  });

  it('offers to save what is written only when something is written, trimmed', async () => {
    const onSaveAs = vi.fn();
    const blank = await show(<CannedReplyTools onInsert={() => {}} onManage={() => {}} written="  " onSaveAs={onSaveAs} />, {
      api: withReplies([]),
    });
    expect(screen.getByRole('button', { name: 'Save as canned reply' })).toBeDisabled();
    blank.unmount();
    await show(<CannedReplyTools onInsert={() => {}} onManage={() => {}} written="  See you soon. " onSaveAs={onSaveAs} />, {
      api: withReplies([]),
    });
    await user.click(screen.getByRole('button', { name: 'Save as canned reply' }));
    expect(onSaveAs).toHaveBeenCalledWith('See you soon.');
  });

  it('keeps what was written as a new reply under the title given, and says so', async () => {
    const api = withReplies([]);
    api.on(supportApi.createCannedReply, { status: 201, body: reply('c9', 'Goodbye', 'See you soon.') });
    const onClose = vi.fn();
    await show(
      <>
        <SaveCannedReplyModal text="See you soon." onClose={onClose} />
        <Toasts />
      </>,
      { api },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Save as a canned reply' });
    expect(field(dialog, 'Text')).toHaveValue('See you soon.');
    expect(within(dialog).getByText('A short title to find it by in the list.')).toBeInTheDocument();
    await user.type(field(dialog, 'Title'), 'Goodbye');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The canned reply "Goodbye" is saved.')).toBeInTheDocument();
    expect(api.callsTo(supportApi.createCannedReply)[0]!.body).toEqual({ title: 'Goodbye', text: 'See you soon.' });
    expect(onClose).toHaveBeenCalled();
  });
});
