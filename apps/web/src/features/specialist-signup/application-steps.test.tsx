import { authApi, specialistsApi, type SpecialistApplication } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, fieldRefusal, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ApplicationView } from './application-view.tsx';
import { anApplication } from './test-data.ts';

const filled = (overrides: Partial<SpecialistApplication> = {}): SpecialistApplication =>
  anApplication({
    locale: 'en',
    name_en: 'Mariia Kovalenko',
    specialisations: ['psychologist'],
    bio: { uk: 'Працюю з тривогою.', en: 'I work with anxiety.' },
    languages: ['uk'],
    experience_years: 6,
    ...overrides,
  });
const diploma = { content_type: 'application/pdf' as const, size: 2 * 1024 * 1024, file_name: 'diploma.pdf' };
const empty = () => anApplication({ locale: 'en' });

interface Sent {
  method: string;
  url: string;
  body: FormData;
}

/** The diploma goes up through XMLHttpRequest (for its progress): answered here as the double answers fetch. */
function stubUploads(answer: () => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  class FakeRequest {
    upload = {};
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private request = { method: '', url: '' };
    open(method: string, url: string) {
      this.request = { method, url };
    }
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      sent.push({ ...this.request, body });
      const { status, body: reply } = answer();
      queueMicrotask(() => {
        this.status = status;
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

async function open(api: ApiDouble, application: SpecialistApplication) {
  api.on(specialistsApi.mine, { body: application });
  const person = anAccount({ role: 'none', email: 'mariia@example.com' });
  api.on(authApi.profile, { body: person });
  await show(<ApplicationView email="mariia@example.com" onApproved={() => {}} />, { api, user: person, at: '/for-specialists' });
  return userEvent.setup({ delay: null });
}

const field = (label: RegExp) => screen.getByLabelText(label);
async function replace(user: ReturnType<typeof userEvent.setup>, label: RegExp, value: string) {
  await user.clear(field(label));
  await user.click(field(label));
  await user.paste(value);
}

describe('the profile step', formFlow, () => {
  it('asks for every part of the profile before saving', async () => {
    const api = createApiDouble();
    const user = await open(api, empty());
    await screen.findByRole('heading', { name: 'Step 2: your profile' });
    await user.clear(field(/^Name and surname in Ukrainian/));
    await user.clear(field(/^Years of experience/));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter your name')).toBeInTheDocument();
    expect(screen.getAllByText('Please fill this in')).toHaveLength(4);
    expect(screen.getAllByText('Choose at least one')).toHaveLength(2);
    expect(api.callsTo(specialistsApi.updateMine)).toEqual([]);
  });

  it('saves the trimmed profile and goes on to the diploma', async () => {
    const api = createApiDouble();
    api.on(specialistsApi.updateMine, (call) => ({ body: { ...empty(), ...(call.body as object) } as SpecialistApplication }));
    const user = await open(api, empty());
    await screen.findByRole('heading', { name: 'Step 2: your profile' });
    await replace(user, /^Name and surname in Latin letters/, '  Mariia Kovalenko ');
    await user.click(screen.getByRole('checkbox', { name: 'Psychotherapist' }));
    await user.click(screen.getByRole('checkbox', { name: 'Psychiatrist' }));
    await replace(user, /^About you, in Ukrainian/, ' Працюю з тривогою.\n');
    await replace(user, /^About you, in English/, 'I work with anxiety. ');
    await user.click(screen.getByRole('checkbox', { name: 'Ukrainian' }));
    await replace(user, /^Years of experience/, '12');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Step 3: diploma or licence' })).toBeInTheDocument();
    expect(api.callsTo(specialistsApi.updateMine).map((call) => call.body)).toEqual([
      {
        user_name: 'Марія Коваленко',
        name_en: 'Mariia Kovalenko',
        specialisations: ['psychotherapist', 'psychiatrist'],
        bio: { uk: 'Працюю з тривогою.', en: 'I work with anxiety.' },
        languages: ['uk'],
        experience_years: 12,
      },
    ]);
  });

  it('puts what the server refused on its field, the bio in either language too', async () => {
    const api = createApiDouble();
    api.on(
      specialistsApi.updateMine,
      fieldRefusal(
        { path: 'body.bio.en', code: 'MULTI_LINE_TEXT', message: 'Control characters' },
        { path: 'body.name_en', code: 'ONE_LINE_TEXT', message: 'One line' },
      ),
    );
    const user = await open(api, filled());
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Remove the special characters (line breaks and tabs are fine)')).toBeInTheDocument();
    expect(field(/^About you, in English/)).toHaveAccessibleDescription(/Remove the special characters/);
    expect(field(/^Name and surname in Latin letters/)).toHaveAccessibleDescription(/Use one line of text/);
    expect(field(/^About you, in English/)).toHaveValue('I work with anxiety.');
  });

  it('says the application can no longer change once it is sent', async () => {
    const api = createApiDouble();
    api.on(specialistsApi.updateMine, { status: 409, error: { code: 'APPLICATION_NOT_EDITABLE', message: 'Not editable' } });
    const user = await open(api, filled());
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The application has already been sent for review and cannot be changed now',
    );
  });
});

describe('the diploma step', formFlow, () => {
  it('asks for a file when none is kept', async () => {
    const api = createApiDouble();
    const user = await open(api, filled());
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Add your diploma or licence')).toBeInTheDocument();
  });

  it('uploads the chosen file and goes on to the review', async () => {
    const api = createApiDouble();
    const sent = stubUploads(() => ({ status: 200, body: filled({ diploma }) }));
    const user = await open(api, filled());
    await screen.findByRole('heading', { name: 'Step 3: diploma or licence' });
    const file = new File(['%PDF-1.7'], 'diploma.pdf', { type: 'application/pdf' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    await user.click(screen.getByRole('button', { name: 'Upload and continue' }));
    expect(await screen.findByRole('heading', { name: 'Step 4: check and send' })).toBeInTheDocument();
    expect(sent.map(({ method, url }) => [method, new URL(url, location.origin).pathname])).toEqual([
      ['POST', '/v1/specialist-applications/my/diploma'],
    ]);
    expect([...sent[0]!.body.values()].map((value) => (value as File).name)).toEqual(['diploma.pdf']);
  });

  it('refuses a file over the limit before uploading it', async () => {
    const api = createApiDouble();
    const sent = stubUploads(() => ({ status: 200, body: filled({ diploma }) }));
    const user = await open(api, filled());
    await screen.findByRole('heading', { name: 'Step 3: diploma or licence' });
    const large = new File(['x'], 'scan.png', { type: 'image/png' });
    Object.defineProperty(large, 'size', { value: 10 * 1024 * 1024 + 1 });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, large);
    expect(await screen.findByText('The file is too large')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload and continue' })).toBeDisabled();
    expect(sent).toEqual([]);
  });

  it('says why the server refused the file', async () => {
    const api = createApiDouble();
    stubUploads(() => ({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported' } }));
    const user = await open(api, filled());
    await screen.findByRole('heading', { name: 'Step 3: diploma or licence' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['MZ'], 'diploma.pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file type is not supported');
  });

  it('goes on with the kept diploma, or back to the profile', async () => {
    const api = createApiDouble();
    const user = await open(api, filled({ diploma, name_en: '' }));
    await screen.findByRole('heading', { name: 'Step 2: your profile' });
    await replace(user, /^Name and surname in Latin letters/, 'Mariia');
    api.on(specialistsApi.updateMine, { body: filled({ diploma }) });
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Uploaded: diploma.pdf, 2 MB');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Step 2: your profile' })).toBeInTheDocument();
  });
});

describe('the review step', formFlow, () => {
  it('shows the whole application and sends it for review', async () => {
    const api = createApiDouble();
    api.on(specialistsApi.submitMine, { body: filled({ diploma, status: 'submitted' }) });
    const user = await open(api, filled({ diploma, languages: ['uk', 'en'] }));
    await screen.findByRole('heading', { name: 'Step 4: check and send' });
    for (const text of ['Mariia Kovalenko', 'Psychologist', 'Ukrainian, English', 'diploma.pdf', 'I work with anxiety.']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText('Your application is under review')).toBeInTheDocument();
    expect(api.callsTo(specialistsApi.submitMine)).toHaveLength(1);
  });

  it('says what is missing when the server finds the application incomplete', async () => {
    const api = createApiDouble();
    api.on(specialistsApi.submitMine, { status: 409, error: { code: 'APPLICATION_INCOMPLETE', message: 'Incomplete' } });
    const user = await open(api, filled({ diploma }));
    await user.click(await screen.findByRole('button', { name: 'Send for review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fill in the profile and upload the diploma before sending the application');
  });

  it('goes back to change the profile or the diploma', async () => {
    const api = createApiDouble();
    const user = await open(api, filled({ diploma }));
    await user.click(await screen.findByRole('button', { name: 'Change the diploma' }));
    expect(await screen.findByRole('heading', { name: 'Step 3: diploma or licence' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const profile = await screen.findByRole('heading', { name: 'Step 2: your profile' });
    expect(within(profile.closest('section') ?? document.body).getByLabelText(/^Name and surname in Latin letters/)).toHaveValue(
      'Mariia Kovalenko',
    );
    await waitFor(() => expect(api.callsTo(specialistsApi.mine)).toHaveLength(1));
  });
});
