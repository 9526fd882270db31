import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { show } from '../test/render.tsx';
import { ConsentCheckbox } from './consent-checkbox.tsx';

function Consent() {
  const [checked, setChecked] = useState(false);
  return <ConsentCheckbox checked={checked} onChange={(event) => setChecked(event.currentTarget.checked)} />;
}

describe('the consent to the terms and the privacy policy', () => {
  it('is one checkbox, unticked until the person ticks it', async () => {
    const user = userEvent.setup();
    await show(<Consent />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms of use and the privacy policy' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    await user.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('opens both documents in a new tab, so the form keeps what was typed', async () => {
    await show(<Consent />);
    const terms = screen.getByRole('link', { name: 'terms of use' });
    const privacy = screen.getByRole('link', { name: 'privacy policy' });
    expect(terms).toHaveAttribute('href', '/term-of-use');
    expect(privacy).toHaveAttribute('href', '/privacy-policy');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(privacy).toHaveAttribute('target', '_blank');
  });

  it('reads in Ukrainian', async () => {
    await show(<Consent />, { locale: 'uk' });
    expect(screen.getByRole('checkbox', { name: 'Я погоджуюся з умовами використання та політикою конфіденційності' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'політикою конфіденційності' })).toHaveAttribute('href', '/privacy-policy');
  });

  it('shows the form’s error beside it', async () => {
    await show(<ConsentCheckbox error="Please agree to continue" />);
    expect(screen.getByText('Please agree to continue')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Please agree to continue');
  });
});
