import { Badge, Button, NumberInput, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { doctorProfileLimits, type Doctor } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal.tsx';
import { useAllDoctors, useUpdateDoctor } from './console-api.ts';
import { LoadError } from './console-table.tsx';
import { ScrollTable } from '../../components/scroll-table.tsx';
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

/** Every doctor, listed or not, with what keeps it off the public list; price, length and publishing. */
export function DoctorsSection() {
  const { t } = useTranslation();
  const doctors = useAllDoctors();
  const [editing, setEditing] = useState<Doctor | null>(null);
  return (
    <Stack gap="md">
      <Title order={1}>{t('adminConsole.doctors.title')}</Title>
      <Text>{t('adminConsole.doctors.intro')}</Text>
      <LoadError error={doctors.error} />
      <ScrollTable label={t('adminConsole.doctors.title')} minWidth={720}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('adminConsole.doctors.state')}</Table.Th>
              <Table.Th>{t('adminConsole.doctors.price')}</Table.Th>
              <Table.Th>{t('adminConsole.doctors.length')}</Table.Th>
              <Table.Th>{t('admin.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {doctors.data?.map((doctor) => {
              const listed = doctor.published && doctor.missing.length === 0;
              return (
                <Table.Tr key={doctor.id}>
                  <Table.Td>{doctor.user_name}</Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      <Badge color={listed ? 'brand' : 'gray'} variant="light">
                        {t(
                          listed
                            ? 'adminConsole.doctors.listed'
                            : doctor.published
                              ? 'adminConsole.doctors.incomplete'
                              : 'adminConsole.doctors.hidden',
                        )}
                      </Badge>
                      {doctor.missing.length > 0 && (
                        <Text size="sm">
                          {t('adminConsole.doctors.missing', {
                            list: doctor.missing.map((item) => t(`adminConsole.doctors.missingItem.${item}`)).join(', '),
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{doctor.price === null ? '—' : priceText(doctor.price, currentLocale())}</Table.Td>
                  <Table.Td>{t('adminConsole.doctors.minutes', { count: doctor.consultation_minutes })}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing(doctor)}
                      aria-label={t('adminConsole.doctors.editOf', { name: doctor.user_name })}
                    >
                      {t('adminConsole.doctors.edit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {editing && <DoctorModal doctor={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
