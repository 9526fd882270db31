import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A password input whose show/hide toggle has a name that does not repeat the field label. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('fields.showCharacters') }} {...props} />;
}

/** A field for choosing a password: the rule as its hint and the browser's password generator. */
export function NewPasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return <PasswordField description={t('auth.passwordHint')} autoComplete="new-password" required {...props} />;
}

/** A field for the password the person has now, which the browser may fill in. */
export function CurrentPasswordField(props: PasswordInputProps) {
  return <PasswordField autoComplete="current-password" required {...props} />;
}
