import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrors } from '../../lib/api-errors.ts';

/** The server's error as a translated text, unless it named fields, which then show their own messages. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error || Object.keys(fieldErrors(t, error)).length > 0) return null;
  return (
    <Alert color="danger" role="alert">
      {errorText(t, error)}
    </Alert>
  );
}
