import { Notifications, notifications } from '@mantine/notifications';
import { appointmentsApi, authApi, type User } from '@rozmova/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../../lib/auth-store.ts';
import { anAccount, formFlow } from '../../test/fixtures.ts';
import { createApiDouble, type ApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ProfileTab } from './profile-tab.tsx';

/** The tab as the cabinet shows it: for the signed-in person, whose profile the store reloads after a change. */
function SignedInProfile() {
  const { user } = useAuth();
  return (
    <>
      <Notifications />
      {user && <ProfileTab user={user} />}
    </>
  );
}

async function open(api: ApiDouble, person: User, locale: 'en' | 'uk' = 'en') {
  api.on(appointmentsApi.ofPatient, { body: [] });
  const view = await show(<SignedInProfile />, { api, user: person, locale, at: '/user' });
  await screen.findByRole('heading', { name: locale === 'en' ? 'Personal details' : 'Особисті дані' });
  return { ...view, user: userEvent.setup({ delay: null }) };
}

beforeEach(() => notifications.clean());

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('the profile tab', formFlow, () => {
  it("shows the person's details, with a phone not set said so", async () => {
    const api = createApiDouble();
    await open(api, anAccount({ locale: 'uk' }));
    expect(detail('Name')).toHaveTextContent('Olena Kovalenko');
    expect(detail('E-mail')).toHaveTextContent('olena@example.com');
    expect(detail('Phone')).toHaveTextContent('Not set');
    expect(detail('Language of letters')).toHaveTextContent('Ukrainian');
  });

  it('offers to change the password, or to set one where there is none', async () => {
    const api = createApiDouble();
    const view = await open(api, anAccount());
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set a password' })).not.toBeInTheDocument();
    view.unmount();
    await open(createApiDouble(), anAccount({ has_password: false }));
    expect(screen.getByRole('button', { name: 'Set a password' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
  });

  it('turns a notification channel on with one change and shows the saved state', async () => {
    const api = createApiDouble();
    const before = anAccount();
    const after = { ...before, notification_settings: { ...before.notification_settings, push: true } };
    const { user } = await open(api, before);
    api.on(authApi.updateProfile, { body: after });
    api.on(authApi.profile, { body: after });
    const push = screen.getByRole('switch', { name: 'Push notifications' });
    expect(push).not.toBeChecked();
    await user.click(push);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Push notifications' })).toBeChecked());
    expect(api.callsTo(authApi.updateProfile).map((call) => call.body)).toEqual([{ notification_settings: { push: true } }]);
    expect(screen.getByRole('switch', { name: 'E-mail notifications' })).toBeChecked();
  });

  it('says why a channel could not be changed and leaves it as it was', async () => {
    const api = createApiDouble();
    const { user } = await open(api, anAccount());
    api.on(authApi.updateProfile, { status: 503, error: { code: 'SERVICE_UNAVAILABLE', message: 'Unavailable' } });
    await user.click(screen.getByRole('switch', { name: 'E-mail notifications' }));
    expect(await screen.findByText('The service is temporarily unavailable. Please try again later')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'E-mail notifications' })).toBeChecked();
  });

  it('shows the two-factor section to staff only', async () => {
    const view = await open(createApiDouble(), anAccount());
    expect(screen.queryByRole('link', { name: 'Manage two-factor sign-in' })).not.toBeInTheDocument();
    view.unmount();
    await open(createApiDouble(), anAccount({ role: 'doctor' }));
    expect(screen.getByRole('link', { name: 'Manage two-factor sign-in' })).toHaveAttribute('href', '/user/security');
  });

  it('opens the dialog of each action, one at a time', async () => {
    const api = createApiDouble();
    const { user } = await open(api, anAccount({ phone: '+380671234567' }));
    expect(detail('Phone')).toHaveTextContent('+380671234567');
    await user.click(screen.getByRole('button', { name: 'Change phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change phone' });
    expect(within(dialog).getByText('For your security, confirm your password first.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByRole('dialog', { name: 'Delete account' })).toBeInTheDocument();
  });

  it('reads in Ukrainian', async () => {
    await open(createApiDouble(), anAccount(), 'uk');
    expect(screen.getByRole('switch', { name: 'Сповіщення ел. поштою' })).toBeChecked();
  });
});
