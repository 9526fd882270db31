import { Alert, Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Doctor } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ConsentCheckbox } from '../../components/consent-checkbox.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { PhoneField } from '../../components/phone-field.tsx';
import { SlotPicker } from '../../components/slot-picker.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/api-errors.ts';
import { appointmentDateText, timeZoneText } from '../../lib/appointment-dates.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { isEmail, isPhone } from '../../lib/validation.ts';
import { useBookFromLanding } from './api.ts';
import { landingBookingError } from './booking-error.ts';
import { appPaths } from '../../lib/paths.ts';

/** A visitor books from /our-specialists: a time, then name, e-mail, phone and consent; the booking signs them in. */
export function LandingBookingModal({ doctor, onClose }: { doctor: Doctor; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [slot, setSlot] = useState<string>();
  const [stage, setStage] = useState<'time' | 'details'>('time');
  const book = useBookFromLanding();
  const form = useForm({
    initialValues: { user_name: '', email: '', phone: '', consent: false },
    validate: {
      user_name: (value) => (value.trim() ? null : t('validation.nameRequired')),
      email: (value) => (isEmail(value) ? null : t('validation.email')),
      phone: (value) => {
        if (value.trim() === '') return t('booking.step3.phoneRequired');
        return isPhone(value.trim()) ? null : t('validation.phone');
      },
      consent: (value) => (value ? null : t('validation.consent')),
    },
  });

  const toVariables = ({ user_name, email, phone }: typeof form.values) =>
    slot
      ? {
          appointmentDto: { appointment_doctorId: doctor.id, appointment_date: slot, appointment_phone: phone.trim() },
          email: email.trim(),
          user_name: user_name.trim(),
          phone: phone.trim(),
          locale: currentLocale(),
          accept_terms: true as const,
        }
      : null;

  // The e-mail has an account, or the network booked too often: an account holder logs in and books from the cabinet.
  const code = book.error instanceof ApiError ? book.error.body?.code : undefined;
  const offerLogIn = code === 'EMAIL_TAKEN' || code === 'TOO_MANY_REQUESTS';
  const logIn = () => {
    onClose();
    const next = new URLSearchParams(params);
    next.set('auth', 'login');
    setParams(next);
  };

  return (
    <Modal opened onClose={onClose} title={t('specialists.book.title', { name: doctor.user_name })} size="lg">
      {stage === 'time' ? (
        <Stack gap="md">
          <SlotPicker doctorId={doctor.id} horizonDays={doctor.horizon_days} value={slot} onChange={setSlot} />
          <Group gap="sm">
            <Button disabled={!slot} onClick={() => setStage('details')}>
              {t('common.continue')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <MutationForm
          form={form}
          mutation={book}
          toVariables={toVariables}
          onSuccess={(booked) => {
            if (!booked) return;
            onClose();
            const awaitsPayment = booked.result.appointment.appointment_paymentStatus === 'pending';
            void navigate(appPaths.bookingStep(awaitsPayment ? 4 : 5));
          }}
          // The server names the fields of the nested booking too (`appointmentDto.appointment_phone`).
          mapFieldErrors={(fields) => {
            const phone = fields.phone ?? fields['appointmentDto.appointment_phone'];
            return { ...fields, ...(phone ? { phone } : {}) };
          }}
          onError={(error) => {
            if (fieldErrors(t, error)['appointmentDto.appointment_date']) setStage('time');
          }}
          formError={
            book.error ? (
              <Alert color="danger" role="alert">
                {landingBookingError(t, book.error)}
                {offerLogIn && (
                  <>
                    {' '}
                    <Anchor
                      component="button"
                      type="button"
                      inherit
                      fw={700}
                      c="var(--mantine-color-text)"
                      underline="always"
                      onClick={logIn}
                    >
                      {t('specialists.book.logIn')}
                    </Anchor>
                  </>
                )}
              </Alert>
            ) : null
          }
          submitLabel={t('specialists.book.submit')}
        >
          <Group gap="xs" justify="space-between">
            <Text fw={600}>{slot && `${appointmentDateText(slot, locale)} (${timeZoneText(new Date(slot))})`}</Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setStage('time')}>
              {t('specialists.book.changeTime')}
            </Button>
          </Group>
          <TextInput label={t('fields.name')} autoComplete="name" required data-autofocus {...form.getInputProps('user_name')} />
          <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <PhoneField label={t('fields.phone')} description={t('booking.step3.phoneHint')} required {...form.getInputProps('phone')} />
          <ConsentCheckbox {...form.getInputProps('consent', { type: 'checkbox' })} />
          <Text size="sm">{t('specialists.book.accountNote')}</Text>
        </MutationForm>
      )}
    </Modal>
  );
}
