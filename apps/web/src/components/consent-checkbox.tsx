import { Anchor, Checkbox, type CheckboxProps } from '@mantine/core';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { appPaths } from '../lib/paths.ts';

/**
 * The consent to the terms of use and the privacy policy that creating an account asks for (sign-up, booking from
 * the landing page); both documents open in a new tab, so the form keeps what was typed.
 */
export function ConsentCheckbox(props: Omit<CheckboxProps, 'label'>) {
  return (
    <Checkbox
      label={
        <Trans
          i18nKey="auth.consent"
          components={{
            terms: <Anchor component={Link} to={appPaths.terms} target="_blank" inherit />,
            privacy: <Anchor component={Link} to={appPaths.privacy} target="_blank" inherit />,
          }}
        />
      }
      {...props}
    />
  );
}
