import { Alert, Group, Loader, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Appointment, Doctor } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormError } from '../../components/form-error.tsx';
import { FormModal } from '../../components/form-modal.tsx';
import { SlotPicker } from '../../components/slot-picker.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { usePatientCard } from '../../lib/patient-card.ts';
import { specialisationText, useDoctor, useDoctors } from '../../lib/doctors.ts';
import { useBookForPatient, useChangeAppointment } from './patient-api.ts';
import { minuteInputValue, paymentTypeOf, staffPayments, urgentStart, type StaffPayment } from './patient-bookings.ts';
import { priceText } from '../../lib/format.ts';

const REASON_MAX = 2000;

interface BookValues {
  doctorId: string;
  /** Urgent only: now (the minute the booking is sent) or the chosen `date`. */
  when: 'now' | 'later';
  date: string;
  reason: string;
  payment: StaffPayment;
}

interface BookModalProps {
  patientId: string;
  /** The patient's card: how many free consultations it has decides what "as usual" means. */
  cardId: string | undefined;
  urgent: boolean;
  /** The patient's pending consultation: a patient has at most one, so booking again moves it (docs/product.md §4). */
  current: Appointment | undefined;
  onClose: () => void;
}

/** Booking for a patient: a doctor, then a free time of the doctor's (or, urgent, any minute from now), a reason. */
export function BookModal({ patientId, cardId, urgent, current, onClose }: BookModalProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const doctors = useDoctors();
  const book = useBookForPatient();
  const card = usePatientCard(cardId);
  const [opened] = useState(() => minuteInputValue(new Date()));
  const form = useBookForm(urgent);
  const doctor = doctors.data?.find((item) => item.id === form.values.doctorId);
  const doctorLabel = (item: Doctor) =>
    `${item.user_name} · ${item.specialisations.map((value) => specialisationText(value, locale)).join(', ')}`;

  return (
    <FormModal
      title={t(urgent ? 'operatorConsole.book.urgentTitle' : 'operatorConsole.book.title')}
      size="lg"
      onClose={onClose}
      form={form}
      mutation={book}
      intro={<BookIntro urgent={urgent} current={current} />}
      toVariables={(values) => ({
        appointment_doctorId: values.doctorId,
        appointment_patientId: patientId,
        // "Now" is the minute the booking is sent, however long the dialog was open.
        appointment_date: urgent ? urgentStart(values.when === 'now' ? minuteInputValue(new Date()) : values.date)! : values.date,
        appointment_reason: values.reason.trim() || undefined,
        appointment_paymentType: paymentTypeOf(values.payment),
        ...(urgent ? { appointment_urgent: true } : {}),
      })}
      mapFieldErrors={({ appointment_date, appointment_doctorId, appointment_reason, ...rest }) => ({
        ...rest,
        ...(appointment_date && { date: appointment_date }),
        ...(appointment_doctorId && { doctorId: appointment_doctorId }),
        ...(appointment_reason && { reason: appointment_reason }),
      })}
      onSuccess={(appointment) =>
        appointment &&
        notifications.show({
          message: t('operatorConsole.book.done', { date: appointmentDateText(appointment.appointment_date, locale) }),
        })
      }
      submitLabel={t(urgent ? 'operatorConsole.book.urgentSubmit' : 'operatorConsole.book.submit')}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <Select
        label={t('operatorConsole.book.doctor')}
        placeholder={t('operatorConsole.book.chooseDoctor')}
        data={(doctors.data ?? []).map((item) => ({ value: item.id, label: doctorLabel(item) }))}
        searchable
        nothingFoundMessage={t('booking.step1.none')}
        required
        {...form.getInputProps('doctorId')}
        onChange={(value) => {
          form.setFieldValue('doctorId', value ?? '');
          if (!urgent) form.setFieldValue('date', '');
        }}
      />
      {urgent ? <UrgentTime form={form} opened={opened} /> : doctor && <DoctorSlot form={form} doctor={doctor} patientId={patientId} />}
      <PaymentSelect
        value={form.values.payment}
        onChange={(payment) => form.setFieldValue('payment', payment)}
        usual={usualPayment(doctor, card.data?.patient_available_free_consultations)}
      />
      <Textarea label={t('operatorConsole.book.reason')} autosize minRows={2} maxRows={6} {...form.getInputProps('reason')} />
    </FormModal>
  );
}

type BookForm = UseFormReturnType<BookValues>;

/** The booking's fields and their checks; an urgent time may be now or any minute from now on. */
function useBookForm(urgent: boolean): BookForm {
  const { t } = useTranslation();
  return useForm<BookValues>({
    initialValues: { doctorId: '', when: 'now', date: '', reason: '', payment: 'usual' },
    validate: {
      doctorId: (value) => (value ? null : t('operatorConsole.book.doctorRequired')),
      date: (value, values) => {
        if (!urgent) return value ? null : t('operatorConsole.book.timeRequired');
        if (values.when === 'now') return null;
        const start = urgentStart(value);
        const thisMinute = Math.floor(Date.now() / 60_000) * 60_000;
        return start && Date.parse(start) >= thisMinute ? null : t('operatorConsole.book.urgentTimeInvalid');
      },
      reason: (value) => (value.trim().length > REASON_MAX ? t('booking.step3.reasonTooLong', { max: REASON_MAX }) : null),
    },
  });
}

/** What the booking is, and the pending consultation it replaces, if any. */
function BookIntro({ urgent, current }: Pick<BookModalProps, 'urgent' | 'current'>) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return (
    <>
      <Text size="sm">{t(urgent ? 'operatorConsole.book.urgentIntro' : 'operatorConsole.book.intro')}</Text>
      {current && (
        <Alert color="yellow" role="status">
          {t('operatorConsole.book.replaces', {
            doctor: current.doctor.user_name,
            date: appointmentDateText(current.appointment_date, locale),
          })}
        </Alert>
      )}
    </>
  );
}

/** An urgent booking's time: now, or a later minute from `opened` (when the dialog opened) on. */
function UrgentTime({ form, opened }: { form: BookForm; opened: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Radio.Group label={t('operatorConsole.book.urgentTime')} {...form.getInputProps('when')}>
        <Group gap="lg" mt={4}>
          <Radio value="now" label={t('operatorConsole.book.urgentNow')} />
          <Radio value="later" label={t('operatorConsole.book.urgentLater')} />
        </Group>
      </Radio.Group>
      {form.values.when === 'later' && (
        <TextInput
          type="datetime-local"
          label={t('operatorConsole.book.urgentLaterTime')}
          description={t('operatorConsole.book.urgentTimeHint')}
          min={opened}
          step={60}
          required
          {...form.getInputProps('date')}
        />
      )}
    </Stack>
  );
}

/** A free time of the chosen doctor's, with the error about it. */
function DoctorSlot({ form, doctor, patientId }: { form: BookForm; doctor: Doctor; patientId: string }) {
  return (
    <Stack gap={4}>
      <SlotPicker
        doctorId={doctor.id}
        patientId={patientId}
        horizonDays={doctor.horizon_days}
        value={form.values.date || undefined}
        onChange={(slot) => form.setFieldValue('date', slot)}
      />
      {form.errors.date && (
        <Text size="sm" c="danger" role="alert">
          {form.errors.date}
        </Text>
      )}
    </Stack>
  );
}

/** What "as usual" comes to for this patient and specialist, once both are known. */
type UsualPayment = { kind: 'unknown' } | { kind: 'free'; count: number } | { kind: 'noCharge' } | { kind: 'pays'; price: number };

function usualPayment(doctor: Doctor | undefined, freeConsultations: number | undefined): UsualPayment {
  if (!doctor || freeConsultations === undefined) return { kind: 'unknown' };
  if (freeConsultations > 0) return { kind: 'free', count: freeConsultations };
  if (!doctor.price) return { kind: 'noCharge' };
  return { kind: 'pays', price: doctor.price };
}

/**
 * How the booking is paid, said plainly: "as usual" names what the rules will do for this patient (a free
 * consultation, or a payment link the patient must use in time), so the operator chooses knowingly.
 */
function PaymentSelect({
  value,
  onChange,
  usual,
}: {
  value: StaffPayment;
  onChange: (payment: StaffPayment) => void;
  usual: UsualPayment;
}) {
  const { t, i18n } = useTranslation();
  const usualLabel =
    usual.kind === 'unknown'
      ? t('operatorConsole.book.payments.usual')
      : t(`operatorConsole.book.payments.usual_${usual.kind}`, {
          count: usual.kind === 'free' ? usual.count : undefined,
          price: usual.kind === 'pays' ? priceText(usual.price, i18n.resolvedLanguage ?? 'en') : undefined,
        });
  return (
    <Select
      label={t('operatorConsole.book.payment')}
      description={value === 'usual' && usual.kind === 'pays' ? t('operatorConsole.book.paysHint') : undefined}
      data={staffPayments.map((payment) => ({
        value: payment,
        label: payment === 'usual' ? usualLabel : t(`operatorConsole.book.payments.${payment}`),
      }))}
      value={value}
      onChange={(next) => next && onChange(next as StaffPayment)}
      allowDeselect={false}
    />
  );
}

/** Another free time of the same doctor (inside the last 2 hours only an operator may still move it). */
export function RescheduleModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const doctor = useDoctor(appointment.appointment_doctorId);
  const change = useChangeAppointment();
  const form = useForm({
    initialValues: { date: '' },
    validate: { date: (value) => (value ? null : t('operatorConsole.book.timeRequired')) },
  });
  return (
    <FormModal
      title={t('operatorConsole.reschedule.title')}
      size="lg"
      onClose={onClose}
      form={form}
      mutation={change}
      intro={
        <Text size="sm">
          {t('operatorConsole.reschedule.intro', {
            doctor: appointment.doctor.user_name,
            date: appointmentDateText(appointment.appointment_date, locale),
          })}
        </Text>
      }
      toVariables={(values) => ({ id: appointment.id, body: { appointment_date: values.date } })}
      mapFieldErrors={({ appointment_date, ...rest }) => ({ ...rest, ...(appointment_date && { date: appointment_date }) })}
      onSuccess={(moved) =>
        moved &&
        notifications.show({ message: t('operatorConsole.reschedule.done', { date: appointmentDateText(moved.appointment_date, locale) }) })
      }
      submitLabel={t('operatorConsole.reschedule.submit')}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <FormError error={doctor.error} />
      {doctor.data ? (
        <SlotPicker
          doctorId={appointment.appointment_doctorId}
          patientId={appointment.appointment_patientId}
          horizonDays={doctor.data.horizon_days}
          value={form.values.date || undefined}
          onChange={(slot) => form.setFieldValue('date', slot)}
        />
      ) : (
        !doctor.error && <Loader role="status" size="sm" aria-label={t('common.loading')} />
      )}
      {form.errors.date && (
        <Text size="sm" c="danger" role="alert">
          {form.errors.date}
        </Text>
      )}
    </FormModal>
  );
}

/** The operator cancels: the patient and the doctor are told, and a paid consultation is refunded. */
export function CancelModal({ appointment, onClose }: { appointment: Appointment; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const change = useChangeAppointment();
  const date = appointmentDateText(appointment.appointment_date, locale);
  return (
    <ConfirmModal
      title={t('operatorConsole.cancel.title')}
      text={t(appointment.appointment_paymentStatus === 'paid' ? 'operatorConsole.cancel.textPaid' : 'operatorConsole.cancel.text', {
        doctor: appointment.doctor.user_name,
        date,
      })}
      confirmLabel={t('operatorConsole.cancel.confirm')}
      cancelLabel={t('operatorConsole.cancel.keep')}
      confirmColor="danger"
      focusCancel
      pending={change.isPending}
      error={change.error}
      onClose={onClose}
      onConfirm={() =>
        change.mutate(
          { id: appointment.id, body: { appointment_status: 'canceled' } },
          {
            onSuccess: () => {
              notifications.show({ message: t('operatorConsole.cancel.done', { date }) });
              onClose();
            },
          },
        )
      }
    />
  );
}
