import { Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { appointmentReasonSchema } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DocumentsPanel } from '../../components/documents-panel.tsx';
import { PhoneField } from '../../components/phone-field.tsx';
import { authStore, isUnclaimed } from '../../lib/auth-store.ts';
import { isPhone } from '../../lib/validation.ts';
import { updateDraft } from './draft.ts';
import type { StepProps } from './step-props.ts';
import { stepPath } from './steps.ts';

export const REASON_MAX = 2000;

/** Step 3: the reason for the visit, a phone to reach the patient, and documents for the specialist. */
export function DetailsStep({ user, draft, current }: StepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm({
    // A moved consultation keeps what was said before; a new one starts with the profile's phone.
    initialValues: {
      reason: draft.reason ?? current?.appointment_reason ?? '',
      phone: draft.phone ?? current?.appointment_phone ?? user.phone ?? '',
    },
    validate: {
      // The server's rule for the reason, so a control character is refused here rather than after step 4 (docs/product.md §5).
      reason: (value) =>
        value.trim().length > REASON_MAX
          ? t('booking.step3.reasonTooLong', { max: REASON_MAX })
          : appointmentReasonSchema.safeParse(value).success
            ? null
            : t('errors.field.multiLineText'),
      phone: (value) => {
        if (value.trim() === '') return t('booking.step3.phoneRequired');
        return isPhone(value.trim()) ? null : t('validation.phone');
      },
    },
    // Kept as they are typed, so a reload or going back does not lose them.
    onValuesChange: (values) => updateDraft(user.id, { reason: values.reason, phone: values.phone }),
  });

  const submit = form.onSubmit(async ({ reason, phone }) => {
    updateDraft(user.id, { reason: reason.trim(), phone: phone.trim() });
    // The first phone given is kept in the profile too; an existing one changes only in the profile, with the password.
    if (!user.phone) {
      setSaving(true);
      await authStore.updateProfile({ phone: phone.trim() }).catch(() => undefined);
      setSaving(false);
    }
    void navigate(stepPath(4));
  });
  const digits = (value: string) => value.replace(/[\s()-]/g, '');
  const phone = digits(form.values.phone);
  const otherThanProfile = Boolean(user.phone) && phone !== '' && phone !== digits(user.phone ?? '');

  return (
    <Stack gap="lg">
      <Title order={1}>{t('booking.step3.title')}</Title>
      <form onSubmit={submit} noValidate id="booking-details">
        <Stack gap="sm">
          <Textarea
            label={t('booking.step3.reason')}
            description={t('booking.step3.reasonHint')}
            autosize
            minRows={3}
            maxRows={10}
            maxLength={REASON_MAX}
            {...form.getInputProps('reason')}
          />
          <PhoneField
            label={t('fields.phone')}
            description={
              otherThanProfile ? `${t('booking.step3.phoneHint')} ${t('booking.step3.phoneNotProfile')}` : t('booking.step3.phoneHint')
            }
            required
            {...form.getInputProps('phone')}
          />
        </Stack>
      </form>
      <section aria-labelledby="booking-documents-title">
        <Title order={2} fz="xl" id="booking-documents-title">
          {t('booking.step3.documentsTitle')}
        </Title>
        <Text size="sm" mt={4} mb="sm">
          {t('booking.step3.documentsText')}
        </Text>
        {!isUnclaimed(user) && <DocumentsPanel titleOrder={3} />}
      </section>
      <Group gap="sm">
        <Button component={Link} to={stepPath(2)} variant="default">
          {t('common.back')}
        </Button>
        <Button type="submit" form="booking-details" loading={saving}>
          {t('booking.next')}
        </Button>
      </Group>
    </Stack>
  );
}
