import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiDouble } from '../../test/api-double.ts';
import { show } from '../../test/render.tsx';
import { ApprovedWelcome, ProfileChecklist } from './profile-checklist-card.tsx';
import { doctorAccount, doctorProfile } from './test-data.ts';

const newDoctor = doctorProfile({
  specialisations: [],
  weekly_hours: [],
  price: null,
  missing: ['specialisations', 'hours', 'price'],
});
const listedDoctor = doctorProfile({ published: true, missing: [] });

const itemOf = (group: string, label: string) =>
  within(screen.getByRole('list', { name: group }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(`${label}:`))!;

beforeEach(() => localStorage.clear());

describe('the profile checklist', () => {
  it('tells a new doctor that patients do not see the profile, and what is required', async () => {
    await show(<ProfileChecklist doctor={newDoctor} />, { api: createApiDouble(), user: doctorAccount });
    expect(screen.getByRole('region', { name: 'Get your profile ready for patients' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Patients do not see your profile yet.');
    const required = within(screen.getByRole('list', { name: 'Required' })).getAllByRole('listitem');
    expect(required.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/Specialisation: To do/),
      expect.stringMatching(/Working hours: To do/),
      expect.stringMatching(/Consultation price: To do/),
      expect.stringMatching(/Publishing: To do/),
    ]);
    expect(screen.queryByRole('button', { name: 'Hide this list' })).toBeNull();
  });

  it('links each item to its field in the schedule editor', async () => {
    await show(<ProfileChecklist doctor={newDoctor} />, { api: createApiDouble(), user: doctorAccount });
    expect(within(itemOf('Required', 'Consultation price')).getByRole('link', { name: 'Set your price' })).toHaveAttribute(
      'href',
      '/doctor?tab=schedule#doctor-price',
    );
    expect(within(itemOf('Recommended', 'Photo')).getByRole('link', { name: 'Add a photo' })).toHaveAttribute(
      'href',
      '/doctor?tab=schedule#doctor-photo',
    );
  });

  it('marks done what the profile has, and counts the bio only in both languages', async () => {
    const doctor = doctorProfile({ missing: ['price'], photo_url: 'https://example.com/me.jpg', bio: { uk: 'Про мене', en: '' } });
    await show(<ProfileChecklist doctor={doctor} />, { api: createApiDouble(), user: doctorAccount });
    expect(itemOf('Required', 'Specialisation')).toHaveTextContent('Specialisation: Done');
    expect(itemOf('Required', 'Consultation price')).toHaveTextContent('Consultation price: To do');
    expect(itemOf('Recommended', 'Photo')).toHaveTextContent('Photo: Done');
    expect(itemOf('Recommended', 'About you, in Ukrainian and English')).toHaveTextContent('About you, in Ukrainian and English: To do');
  });

  it('says a listed profile is seen, and hides the list for good on request', async () => {
    const user = userEvent.setup();
    const { unmount } = await show(<ProfileChecklist doctor={listedDoctor} />, { api: createApiDouble(), user: doctorAccount });
    expect(screen.getByRole('status')).toHaveTextContent('Patients see your profile on “Our specialists” and can book you.');
    await user.click(screen.getByRole('button', { name: 'Hide this list' }));
    expect(screen.queryByRole('region', { name: 'Get your profile ready for patients' })).toBeNull();

    unmount();
    await show(<ProfileChecklist doctor={listedDoctor} />, { api: createApiDouble(), user: doctorAccount });
    expect(screen.queryByRole('region', { name: 'Get your profile ready for patients' })).toBeNull();
  });

  it('comes back after hiding when the profile stops being listed', async () => {
    localStorage.setItem(`rozmova-profile-checklist-hidden:${doctorAccount.id}`, '1');
    await show(<ProfileChecklist doctor={{ ...listedDoctor, published: false }} />, { api: createApiDouble(), user: doctorAccount });
    expect(screen.getByRole('status')).toHaveTextContent('Patients do not see your profile yet.');
  });

  it('is gone once everything is done', async () => {
    const complete = doctorProfile({
      published: true,
      missing: [],
      photo_url: 'https://example.com/me.jpg',
      bio: { uk: 'Про мене', en: 'About me' },
    });
    await show(<ProfileChecklist doctor={complete} />, { api: createApiDouble(), user: doctorAccount });
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('speaks Ukrainian', async () => {
    await show(<ProfileChecklist doctor={newDoctor} />, { api: createApiDouble(), user: doctorAccount, locale: 'uk' });
    expect(screen.getByRole('region', { name: 'Підготуйте профіль для пацієнтів' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Пацієнти поки не бачать вашого профілю.');
  });
});

describe('the welcome after approval', () => {
  it('greets a doctor the sign-up page sent here as approved, until closed', async () => {
    const user = userEvent.setup();
    const { router } = await show(<ApprovedWelcome />, { api: createApiDouble(), user: doctorAccount, at: '/doctor' });
    expect(screen.queryByRole('status')).toBeNull();
    await router.navigate('/doctor', { state: { approved: true } });
    expect(await screen.findByRole('status')).toHaveTextContent('You are approved');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
