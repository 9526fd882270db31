import { Container, List, NumberInput, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Locale } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { PhoneField } from '../../components/phone-field.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { isEmail, isPhone } from '../../lib/validation.ts';
import { useSendCorporateLead } from './corporate-api.ts';

const offers = ['offerConsultations', 'offerAnonymity', 'offerLanguages', 'offerReports', 'offerInvoice'] as const;

/** What a company gets, and a request form that reaches the service's mailbox. */
export function CorporatePage() {
  const { t, i18n } = useTranslation();
  const send = useSendCorporateLead();
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { company: '', contact_name: '', email: '', phone: '', employees: '' as number | string, message: '' },
    validate: {
      company: (value) => (value.trim() ? null : t('corporate.companyRequired')),
      contact_name: (value) => (value.trim() ? null : t('validation.nameRequired')),
      email: (value) => (isEmail(value) ? null : t('validation.email')),
      phone: (value) => (!value.trim() || isPhone(value) ? null : t('validation.phone')),
      message: (value) => (value.length > 5000 ? t('validation.messageTooLong') : null),
    },
  });
  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="md">
        {t('corporate.title')}
      </Title>
      <Text mb="xl" maw={720}>
        {t('corporate.lead')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <SectionCard title={t('corporate.offerTitle')} titleId="corporate-offer-title">
          <List spacing="sm">
            {offers.map((key) => (
              <List.Item key={key}>{t(`corporate.${key}`)}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            {t('corporate.privacyNote')}
          </Text>
        </SectionCard>
        <SectionCard title={t('corporate.formTitle')} titleId="corporate-form-title" gap="md">
          {sent && (
            <div role="status">
              <Text fw={600}>{t('corporate.sentTitle')}</Text>
              <Text>{t('corporate.sentText')}</Text>
            </div>
          )}
          <MutationForm
            form={form}
            mutation={send}
            toVariables={(values) => ({
              company: values.company,
              contact_name: values.contact_name,
              email: values.email,
              ...(values.phone.trim() ? { phone: values.phone } : {}),
              ...(typeof values.employees === 'number' ? { employees: values.employees } : {}),
              ...(values.message.trim() ? { message: values.message } : {}),
              locale: (i18n.resolvedLanguage === 'uk' ? 'uk' : 'en') as Locale,
            })}
            onSuccess={() => {
              form.reset();
              setSent(true);
            }}
            submitLabel={t('corporate.send')}
          >
            <Stack gap="sm">
              <TextInput label={t('corporate.company')} autoComplete="organization" required {...form.getInputProps('company')} />
              <TextInput label={t('corporate.contactName')} autoComplete="name" required {...form.getInputProps('contact_name')} />
              <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
              <PhoneField label={t('corporate.phone')} {...form.getInputProps('phone')} />
              <NumberInput
                label={t('corporate.employees')}
                min={1}
                max={1_000_000}
                allowDecimal={false}
                {...form.getInputProps('employees')}
              />
              <Textarea label={t('corporate.message')} autosize minRows={4} maxRows={10} {...form.getInputProps('message')} />
            </Stack>
          </MutationForm>
        </SectionCard>
      </SimpleGrid>
    </Container>
  );
}
