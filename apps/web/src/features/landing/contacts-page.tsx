import { Alert, Anchor, Container, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { isEmail } from '../../lib/validation.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { useSendContactMessage } from './api.ts';
import { SectionCard } from '../../components/section-card.tsx';

export function ContactsPage() {
  const { t } = useTranslation();
  const send = useSendContactMessage();
  const form = useForm({
    initialValues: { name: '', email: '', message: '' },
    validate: {
      name: (value) => (value.trim() ? null : t('validation.nameRequired')),
      email: (value) => (isEmail(value) ? null : t('validation.email')),
      message: (value) => (!value.trim() ? t('validation.messageRequired') : value.length > 5000 ? t('validation.messageTooLong') : null),
    },
  });

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        {t('contacts.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <Text>{t('contacts.lead')}</Text>
          <div>
            <Title order={2} fz="lg">
              {t('contacts.emailTitle')}
            </Title>
            <Anchor href={`mailto:${runtimeConfig.contact_email}`}>{runtimeConfig.contact_email}</Anchor>
          </div>
          <div>
            <Title order={2} fz="lg">
              {t('contacts.hoursTitle')}
            </Title>
            <Text>{t('contacts.hours')}</Text>
          </div>
          <Alert color="danger" variant="light" title={t('contacts.urgentTitle')}>
            {t('contacts.urgentText')}
          </Alert>
        </Stack>
        <SectionCard title={t('contacts.formTitle')} titleId="contact-form-title" gap="md">
          <MutationForm
            form={form}
            mutation={send}
            toVariables={(values) => values}
            onSuccess={() => {
              form.reset();
              notifications.show({ title: t('contacts.sentTitle'), message: t('contacts.sentText') });
            }}
            submitLabel={t('contacts.send')}
          >
            <TextInput label={t('fields.name')} autoComplete="name" required {...form.getInputProps('name')} />
            <TextInput label={t('fields.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
            <Textarea label={t('fields.message')} required autosize minRows={5} maxRows={12} {...form.getInputProps('message')} />
          </MutationForm>
        </SectionCard>
      </SimpleGrid>
    </Container>
  );
}
