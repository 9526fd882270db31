import { Button, Group, Stack, type MantineSpacing } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AuthOperation } from '@rozmova/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../lib/api-errors.ts';
import { FormError } from './form-error.tsx';

export interface MutationFormProps<Values, Variables, Data> {
  form: UseFormReturnType<Values>;
  mutation: UseMutationResult<Data, Error, Variables, unknown>;
  /** The request for valid values; `null` sends nothing and counts as done (nothing changed). */
  toVariables: (values: Values) => Variables | null;
  /** After the server's OK (or when there was nothing to send, without data). */
  onSuccess?: (data: Data | undefined, variables: Variables | null) => void;
  /** Server field names that are another field of this form (e.g. a nested `appointmentDto.appointment_phone`). */
  mapFieldErrors?: (errors: Record<string, string>) => Record<string, string>;
  onError?: (error: Error) => void;
  /** For an auth call, the docs/product.md §8 texts of this operation. */
  operation?: AuthOperation;
  /** Replaces the form-level error text (shown only when the server named no field). */
  formError?: ReactNode;
  submitLabel: ReactNode;
  /** A cancel button beside the submit button, both at the end of the form. */
  cancel?: { label: ReactNode; onClick: () => void };
  /** Below the submit button (links to other dialogs). */
  footer?: ReactNode;
  gap?: MantineSpacing;
  /** The fields. */
  children: ReactNode;
}

/**
 * A form whose submit runs a mutation: the form's own checks first, then the request; the server's field errors
 * land on their fields and any other failure shows once above the submit button.
 */
export function MutationForm<Values, Variables, Data>({
  form,
  mutation,
  toVariables,
  onSuccess,
  mapFieldErrors = (errors) => errors,
  onError,
  operation,
  formError,
  submitLabel,
  cancel,
  footer,
  gap = 'sm',
  children,
}: MutationFormProps<Values, Variables, Data>) {
  const { t } = useTranslation();
  // Input not sent yet marks the form `data-unsaved` (lib/reload-guard.ts): the page does not reload by itself over it
  // and asks before it is left. `sent` is the values the server took (Mantine makes a new values object per edit).
  const element = useRef<HTMLFormElement>(null);
  const [sent, setSent] = useState<unknown>(undefined);
  const unsaved = form.isDirty() && form.getValues() !== sent;
  const markSent = () => {
    setSent(form.getValues());
    // Now, not at the next render: the success handler may leave the page at once.
    element.current?.removeAttribute('data-unsaved');
  };
  // The form's submit handler is made when the form is submitted, not while it renders.
  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => {
      const variables = toVariables(values);
      if (variables === null) {
        markSent();
        onSuccess?.(undefined, null);
        return;
      }
      mutation.mutate(variables, {
        onSuccess: (data) => {
          markSent();
          onSuccess?.(data, variables);
        },
        onError: (error) => {
          form.setErrors(mapFieldErrors(fieldErrors(t, error)));
          onError?.(error);
        },
      });
    })(event);
  const button = (
    <Button type="submit" loading={mutation.isPending}>
      {submitLabel}
    </Button>
  );
  const serverNamedFields = Object.keys(fieldErrors(t, mutation.error)).length > 0;
  return (
    <form onSubmit={submit} noValidate ref={element} data-unsaved={unsaved || undefined}>
      <Stack gap={gap}>
        {children}
        {formError === undefined ? <FormError error={mutation.error} operation={operation} /> : !serverNamedFields && formError}
        {cancel ? (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={cancel.onClick}>
              {cancel.label}
            </Button>
            {button}
          </Group>
        ) : (
          button
        )}
        {footer}
      </Stack>
    </form>
  );
}
