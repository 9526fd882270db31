import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDoctor } from '../test/people.ts';
import { show } from '../test/render.tsx';
import { DoctorCard } from './doctor-card.tsx';

const card = (name: string) => screen.getByRole('article', { name });

describe("a doctor's card", () => {
  it('reads in English: the Latin-letter name, specialisation, price and length, rating, practice, languages and bio', async () => {
    await show(<DoctorCard doctor={aDoctor()} actions={<Button>Book</Button>} />);
    const article = card('Iryna Shevchenko');
    expect(within(article).getByRole('heading', { level: 2 })).toHaveTextContent('Iryna Shevchenko');
    expect(article).toHaveTextContent('Psychologist');
    expect(article).toHaveTextContent(/Price: UAH\s800 · 50 min/);
    expect(article).toHaveTextContent('Rating: no reviews yet');
    expect(article).toHaveTextContent('Years of practice: 7');
    expect(article).toHaveTextContent('Languages: Ukrainian, English');
    expect(article).toHaveTextContent('I work with anxiety and burnout.');
    expect(within(article).getByRole('button', { name: 'Book' })).toBeInTheDocument();
  });

  it('reads in Ukrainian: the Ukrainian name, hryvnias, language names and bio', async () => {
    await show(<DoctorCard doctor={aDoctor({ rating: 4.75, rating_count: 12 })} order={3} />, { locale: 'uk' });
    const article = card('Ірина Шевченко');
    expect(within(article).getByRole('heading', { level: 3 })).toHaveTextContent('Ірина Шевченко');
    expect(article).toHaveTextContent('Психолог');
    expect(article).toHaveTextContent(/Вартість: 800\s₴ · 50 хв/);
    expect(article).toHaveTextContent('Рейтинг: 4,8 з 5 · відгуків: 12');
    expect(article).toHaveTextContent('Мови: українська, англійська');
    expect(article).toHaveTextContent('Працюю з тривогою та вигоранням.');
    expect(article).not.toHaveTextContent('Iryna');
  });

  it('names a free consultation, an average rating with a decimal point, and kopiyky when the price has them', async () => {
    await show(
      <>
        <DoctorCard doctor={aDoctor({ id: 'a', price: 0, rating: 4.5, rating_count: 3 })} />
        <DoctorCard doctor={aDoctor({ id: 'b', doctor_name_en: 'Taras Bondar', price: 45_050 })} />
      </>,
    );
    expect(card('Iryna Shevchenko')).toHaveTextContent('Price: Free · 50 min');
    expect(card('Iryna Shevchenko')).toHaveTextContent('Rating: 4.5 of 5 · reviews: 3');
    expect(card('Taras Bondar')).toHaveTextContent(/Price: UAH\s450\.50/);
  });

  it('leaves out what the doctor has not given: practice, languages, and a bio in the reader’s language falls back to the other', async () => {
    await show(<DoctorCard doctor={aDoctor({ experience_years: 0, languages: [], bio: { uk: 'Лише українською.', en: '' } })} />);
    const article = card('Iryna Shevchenko');
    expect(article).not.toHaveTextContent('Years of practice');
    expect(article).not.toHaveTextContent('Languages');
    expect(article).toHaveTextContent('Лише українською.');
  });

  it('shows the Ukrainian name to an English reader when there is no Latin-letter one, and the bio only where asked', async () => {
    await show(<DoctorCard doctor={aDoctor({ doctor_name_en: '' })} withBio={false} />);
    const article = card('Ірина Шевченко');
    expect(article).not.toHaveTextContent('I work with anxiety');
  });

  it('shows the initials when there is no photo, hidden from screen readers', async () => {
    await show(<DoctorCard doctor={aDoctor()} />);
    const initials = within(card('Iryna Shevchenko')).getByText('ІШ');
    expect(initials.closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
