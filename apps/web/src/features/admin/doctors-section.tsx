import { Badge, Button, NumberInput, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { doctorProfileLimits, type Doctor } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { useAllDoctors, useUpdateDoctor } from './console-api.ts';
import { ConsoleTable, type ConsoleColumn } from '../../components/console-table.tsx';
import { kopiykyToUah, priceText, uahToKopiyky } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

/** Price in hryvnias (kopiyky on the wire), consultation length and whether the profile is published. */
function DoctorModal({ doctor, onClose }: { doctor: Doctor; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateDoctor(doctor.id);
  const form = useForm({
    initialValues: {
      price: doctor.price === null ? '' : kopiykyToUah(doctor.price),
      consultation_minutes: doctor.consultation_minutes as number | string,
      published: doctor.published,
    },
    validate: {
      price: (value) => (value === '' || Number(value) < 0 ? t('adminConsole.doctors.priceRequired') : null),
      consultation_minutes: (value) => (Number(value) >= 15 && Number(value) <= 180 ? null : t('adminConsole.doctors.lengthRange')),
    },
  });
  return (
    <FormModal
      title={t('adminConsole.doctors.editTitle', { name: doctor.user_name })}
      onClose={onClose}
      form={form}
      mutation={update}
      toVariables={(values) => ({
        price: uahToKopiyky(Number(values.price)),
        consultation_minutes: Number(values.consultation_minutes),
        published: values.published,
      })}
      onSuccess={() => notifications.show({ message: t('adminConsole.doctors.saved', { name: doctor.user_name }) })}
      submitLabel={t('adminConsole.doctors.save')}
      cancel={{ label: t('common.cancel'), onClick: onClose }}
    >
      <NumberInput
        label={t('adminConsole.doctors.price')}
        min={kopiykyToUah(doctorProfileLimits.price.min)}
        max={kopiykyToUah(doctorProfileLimits.price.max)}
        decimalScale={2}
        required
        data-autofocus
        {...form.getInputProps('price')}
      />
      <NumberInput
        label={t('adminConsole.doctors.length')}
        description={t('adminConsole.doctors.lengthHint')}
        {...doctorProfileLimits.consultation_minutes}
        step={5}
        required
        {...form.getInputProps('consultation_minutes')}
      />
      <Switch label={t('adminConsole.doctors.published')} {...form.getInputProps('published', { type: 'checkbox' })} />
    </FormModal>
  );
}

/** Listed, hidden or published but incomplete, with what it lacks. */
function DoctorState({ doctor }: { doctor: Doctor }) {
  const { t } = useTranslation();
  const listed = doctor.published && doctor.missing.length === 0;
  return (
    <Stack gap={4}>
      <Badge color={listed ? 'brand' : 'gray'} variant="light">
        {t(listed ? 'adminConsole.doctors.listed' : doctor.published ? 'adminConsole.doctors.incomplete' : 'adminConsole.doctors.hidden')}
      </Badge>
      {doctor.missing.length > 0 && (
        <Text size="sm">
          {t('adminConsole.doctors.missing', {
            list: doctor.missing.map((item) => t(`adminConsole.doctors.missingItem.${item}`)).join(', '),
          })}
        </Text>
      )}
    </Stack>
  );
}

/** Every doctor, listed or not, with what keeps it off the public list; price, length and publishing. */
export function DoctorsSection() {
  const { t } = useTranslation();
  const doctors = useAllDoctors();
  const [editing, setEditing] = useState<Doctor | null>(null);
  const columns: ConsoleColumn<Doctor>[] = [
    { header: t('fields.name'), cell: (doctor) => doctor.user_name },
    { header: t('adminConsole.doctors.state'), cell: (doctor) => <DoctorState doctor={doctor} /> },
    { header: t('adminConsole.doctors.price'), cell: (doctor) => (doctor.price === null ? '—' : priceText(doctor.price, currentLocale())) },
    {
      header: t('adminConsole.doctors.length'),
      cell: (doctor) => t('adminConsole.doctors.minutes', { count: doctor.consultation_minutes }),
    },
    {
      header: t('admin.actions'),
      cell: (doctor) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => setEditing(doctor)}
          aria-label={t('adminConsole.doctors.editOf', { name: doctor.user_name })}
        >
          {t('adminConsole.doctors.edit')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>{t('adminConsole.doctors.title')}</Title>
      <Text>{t('adminConsole.doctors.intro')}</Text>
      <ConsoleTable
        label={t('adminConsole.doctors.title')}
        minWidth={720}
        striped
        columns={columns}
        rows={doctors.data}
        rowKey={(doctor) => doctor.id}
        error={doctors.error}
      />
      {editing && <DoctorModal doctor={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
