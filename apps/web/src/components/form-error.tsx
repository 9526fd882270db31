import { Alert } from '@mantine/core';
import type { AuthOperation } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { authErrorText, errorText, fieldErrors } from '../lib/api-errors.ts';

/**
 * A failed request as a translated text (for an auth call, the docs/product.md §8 text of `operation`),
 * unless the server named fields, which then show their own messages.
 */
export function FormError({ error, operation }: { error: unknown; operation?: AuthOperation }) {
  const { t } = useTranslation();
  if (!error || Object.keys(fieldErrors(t, error)).length > 0) return null;
  return (
    <Alert color="danger" role="alert">
      {operation ? authErrorText(t, operation, error) : errorText(t, error)}
    </Alert>
  );
}
