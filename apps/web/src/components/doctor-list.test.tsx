import { Button } from '@mantine/core';
import { ApiError } from '../lib/api-client.ts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aDoctor } from '../test/people.ts';
import { show } from '../test/render.tsx';
import { DoctorList } from './doctor-list.tsx';

const doctors = [
  aDoctor(),
  aDoctor({ id: 'doctor-2', user_name: 'Тарас Бондар', doctor_name_en: 'Taras Bondar', specialisations: ['psychotherapist'] }),
];
const book = (doctor: { doctor_name_en: string }) => <Button aria-label={`Book ${doctor.doctor_name_en}`}>Book</Button>;

describe('a list of doctors', () => {
  it('shows a card per doctor with its buttons, and how many were found when asked', async () => {
    const onBook = vi.fn();
    await show(
      <DoctorList
        doctors={{ data: doctors, error: null }}
        cols={1}
        withCount
        actions={(doctor) => <Button onClick={() => onBook(doctor.id)}>{`Book ${doctor.doctor_name_en}`}</Button>}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Specialists found: 2');
    expect(screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby'))).toEqual([
      'doctor-doctor-1',
      'doctor-doctor-2',
    ]);
    await userEvent.click(within(screen.getByRole('article', { name: 'Taras Bondar' })).getByRole('button', { name: 'Book Taras Bondar' }));
    expect(onBook).toHaveBeenCalledWith('doctor-2');
  });

  it('says nothing of the count unless asked', async () => {
    await show(<DoctorList doctors={{ data: doctors, error: null }} cols={1} actions={book} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('tells in Ukrainian when no one matches, with the way back under it', async () => {
    await show(
      <DoctorList doctors={{ data: [], error: null }} cols={1} actions={book} whenEmpty={<a href="/our-specialists">Усі фахівці</a>} />,
      {
        locale: 'uk',
      },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Немає фахівців за вашим запитом.');
    expect(screen.getByRole('link', { name: 'Усі фахівці' })).toBeInTheDocument();
  });

  it('holds the cards’ place while loading, as one busy status', async () => {
    await show(<DoctorList doctors={{ data: undefined, error: null }} cols={3} actions={book} />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('shows why the list could not be loaded instead of cards', async () => {
    await show(<DoctorList doctors={{ data: undefined, error: new ApiError(undefined, undefined) }} cols={1} actions={book} />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
