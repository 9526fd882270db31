import { notifications } from '@mantine/notifications';
import { specialistsApi, type SpecialistApplication } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toasts from '../../components/toasts.tsx';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ApplicationsSection } from './applications-section.tsx';

afterEach(() => {
  notifications.clean();
  vi.restoreAllMocks();
});

const user = userEvent.setup({ delay: null });

const application = (overrides: Partial<SpecialistApplication> = {}): SpecialistApplication => ({
  id: 'app-1',
  user_id: 'user-1',
  email: 'maryna@rozmova.test',
  user_name: 'Марина Коваль',
  locale: 'uk',
  status: 'submitted',
  name_en: 'Maryna Koval',
  specialisations: ['psychologist', 'psychotherapist'],
  bio: { uk: 'Працюю з тривогою.', en: 'I work with anxiety.' },
  languages: ['uk', 'en'],
  experience_years: 7,
  diploma: { content_type: 'application/pdf', size: 120_000, file_name: 'diploma.pdf' },
  rejection_reason: null,
  submitted_at: '2026-11-20T12:00:00.000Z',
  decided_at: null,
  createdAt: '2026-11-19T12:00:00.000Z',
  updatedAt: '2026-11-20T12:00:00.000Z',
  ...overrides,
});

const maryna = application();
const oleh = application({ id: 'app-2', user_name: 'Олег Бондар', email: 'oleh@rozmova.test', name_en: 'Oleh Bondar' });

function withApplications(list: SpecialistApplication[], one: SpecialistApplication = maryna): ApiDouble {
  const api = createApiDouble();
  api.on(specialistsApi.list, { body: list });
  api.on(specialistsApi.get, { body: one });
  return api;
}

async function openList(api: ApiDouble, locale: 'en' | 'uk' = 'en') {
  await show(
    <>
      <ApplicationsSection />
      <Toasts />
    </>,
    { api, locale },
  );
}

async function openApplication(api: ApiDouble, name = 'Марина Коваль') {
  await openList(api);
  await user.click(await screen.findByRole('button', { name: `Open the application of ${name}` }));
  return screen.findByRole('region', { name: `${name} · Maryna Koval` });
}

describe('the applications list', () => {
  it('lists the applications waiting for review, each with its e-mail', async () => {
    const api = withApplications([maryna, oleh]);
    await openList(api);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Марина Коваль' })).toHaveTextContent('maryna@rozmova.test ·');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('submitted');
    expect(api.callsTo(specialistsApi.list).map((call) => call.query)).toEqual([{ status: 'submitted' }]);
  });

  it('asks for another status when chosen', async () => {
    const api = withApplications([maryna]);
    await openList(api);
    await screen.findByRole('article');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
    await waitFor(() => expect(api.callsTo(specialistsApi.list).at(-1)!.query).toEqual({ status: 'rejected' }));
  });

  it('says when there is none, in Ukrainian too', async () => {
    await openList(withApplications([]), 'uk');
    expect(await screen.findByText('Тут заявок немає.')).toBeInTheDocument();
  });

  it('shows why the list cannot be read', async () => {
    const api = createApiDouble();
    api.on(specialistsApi.list, { status: 403, error: { code: 'FORBIDDEN', message: 'Forbidden' } });
    await openList(api);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this');
  });
});

describe('one application', () => {
  it('shows the profile the applicant asks for, and goes back to the list', async () => {
    const api = withApplications([maryna]);
    const details = await openApplication(api);
    expect(details).toHaveTextContent('maryna@rozmova.test');
    expect(details).toHaveTextContent('Waiting for review');
    expect(details).toHaveTextContent('Працюю з тривогою.');
    expect(details).toHaveTextContent('I work with anxiety.');
    expect(details).toHaveTextContent('7');
    expect(api.callsTo(specialistsApi.get, { id: 'app-1' })).toHaveLength(1);
    await user.click(within(details).getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Specialist applications' })).toBeInTheDocument();
  });

  it('offers no decision once the application is decided, and shows the reason of a rejection', async () => {
    const rejected = application({ status: 'rejected', rejection_reason: 'The diploma is unreadable' });
    const details = await openApplication(withApplications([rejected], rejected));
    expect(details).toHaveTextContent('The diploma is unreadable');
    expect(within(details).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('opens the diploma in a new tab', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:diploma'), revokeObjectURL: vi.fn() });
    const opened: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      opened.push(this.target);
    });
    const api = withApplications([maryna]);
    api.on(specialistsApi.diploma, { body: 'pdf' as never });
    const details = await openApplication(api);
    await user.click(within(details).getByRole('button', { name: 'Open the diploma' }));
    await waitFor(() => expect(opened).toEqual(['_blank']));
    expect(api.callsTo(specialistsApi.diploma, { id: 'app-1' })).toHaveLength(1);
  });

  it('says why the diploma cannot be opened', async () => {
    const api = withApplications([maryna]);
    api.on(specialistsApi.diploma, { status: 404, error: { code: 'NOT_FOUND', message: 'No file' } });
    const details = await openApplication(api);
    await user.click(within(details).getByRole('button', { name: 'Open the diploma' }));
    expect(await within(details).findByRole('alert')).toHaveTextContent('Not found');
  });

  it('shows why the application cannot be read', async () => {
    const api = withApplications([maryna]);
    api.on(specialistsApi.get, { status: 404, error: { code: 'NOT_FOUND', message: 'Gone' } });
    await openList(api);
    await user.click(await screen.findByRole('button', { name: 'Open the application of Марина Коваль' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
  });
});

describe('deciding', () => {
  it('approves after asking, and says the applicant is a doctor now', async () => {
    const api = withApplications([maryna]);
    api.on(specialistsApi.approve, { body: { ...maryna, status: 'approved' } });
    const details = await openApplication(api);
    await user.click(within(details).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Марина Коваль?' });
    expect(dialog).toHaveTextContent('The applicant becomes a doctor with this profile and gets an e-mail.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Марина Коваль is now a doctor')).toBeInTheDocument();
    expect(api.callsTo(specialistsApi.approve, { id: 'app-1' })[0]!.method).toBe('POST');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the approval dialog with the reason when another admin decided first', async () => {
    const api = withApplications([maryna]);
    api.on(specialistsApi.approve, { status: 409, error: { code: 'APPLICATION_ALREADY_DECIDED', message: 'Decided' } });
    const details = await openApplication(api);
    await user.click(within(details).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This application has already been decided, perhaps by another administrator',
    );
  });

  it('rejects with the reason the applicant will read', async () => {
    const api = withApplications([maryna]);
    api.on(specialistsApi.reject, { body: { ...maryna, status: 'rejected' } });
    const details = await openApplication(api);
    await user.click(within(details).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the application of Марина Коваль' });
    expect(dialog).toHaveTextContent('The applicant sees it and gets it by e-mail, so say what to correct.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' Upload a readable scan. ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The application of Марина Коваль is rejected')).toBeInTheDocument();
    expect(api.callsTo(specialistsApi.reject, { id: 'app-1' })[0]!.body).toEqual({ reason: 'Upload a readable scan.' });
  });

  it('asks for a reason before rejecting, and takes at most 2000 characters', async () => {
    const api = withApplications([maryna]);
    const details = await openApplication(api);
    await user.click(within(details).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.click(reason);
    await user.paste('x'.repeat(2100));
    expect(reason).toHaveValue('x'.repeat(2000));
    expect(api.callsTo(specialistsApi.reject)).toEqual([]);
  });
});
