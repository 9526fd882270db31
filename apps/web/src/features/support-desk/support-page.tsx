import { Alert, Anchor, Container, NativeSelect, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_REQUEST_TEXT_MAX, supportRequestTopics, type SupportRequestTopic } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { FileField } from '../../components/file-field.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { appPaths } from '../../lib/paths.ts';
import { isEmail } from '../../lib/validation.ts';
import { useCreateRequest } from './api.ts';

const isTopic = (value: string | null): value is SupportRequestTopic => supportRequestTopics.some((topic) => topic === value);

/** `/support`: a patient's or a visitor's request to the support desk (`?topic=`, `?question=` from an FAQ answer). */
export function SupportPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const create = useCreateRequest();
  const [sent, setSent] = useState<'patient' | 'visitor' | null>(null);
  const visitor = !user;
  const staff = user && user.user_role !== 'patient';
  const question = params.get('question');
  const topic = params.get('topic');
  const form = useForm({
    initialValues: {
      topic: isTopic(topic) ? topic : 'other',
      email: '',
      message: question ? `${t('supportDesk.aboutQuestion', { question })}\n\n` : '',
      file: null as File | null,
    },
    validate: {
      email: (value) => (visitor && !isEmail(value) ? t('validation.email') : null),
      message: (value) =>
        !value.trim() ? t('validation.messageRequired') : value.length > SUPPORT_REQUEST_TEXT_MAX ? t('validation.messageTooLong') : null,
      file: (value) => (value && value.size > SUPPORT_ATTACHMENT_MAX_BYTES ? t('supportDesk.fileTooLarge') : null),
    },
  });

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('supportDesk.title')}</Title>
        <Text>{t('supportDesk.lead')}</Text>
        <Text>
          {t('supportDesk.faqFirst')}{' '}
          <Anchor component={Link} to={appPaths.faq()} underline="always">
            {t('supportDesk.faqLink')}
          </Anchor>
        </Text>
        {staff && <Alert color="gray">{t('supportDesk.staffNote')}</Alert>}
        {sent && (
          <Alert color="teal" title={t('supportDesk.sentTitle')} role="status">
            {sent === 'patient' ? (
              <>
                {t('supportDesk.sentPatient')}{' '}
                <Anchor component={Link} to={appPaths.cabinet('requests')} underline="always">
                  {t('supportDesk.myRequests')}
                </Anchor>
              </>
            ) : (
              t('supportDesk.sentVisitor')
            )}
          </Alert>
        )}
        {!staff && (
          <SectionCard title={t('supportDesk.formTitle')} titleId="support-form-title" gap="md">
            <MutationForm
              form={form}
              mutation={create}
              toVariables={(values) => ({
                topic: values.topic,
                message: values.message,
                email: visitor ? values.email : undefined,
                locale: currentLocale(),
                file: values.file,
              })}
              onSuccess={() => {
                form.reset();
                setSent(visitor ? 'visitor' : 'patient');
              }}
              submitLabel={t('supportDesk.send')}
            >
              <NativeSelect
                label={t('supportDesk.topic')}
                data={supportRequestTopics.map((value) => ({ value, label: t(`supportDesk.topics.${value}`) }))}
                {...form.getInputProps('topic')}
              />
              {visitor && (
                <TextInput
                  label={t('fields.email')}
                  description={t('supportDesk.emailHint')}
                  type="email"
                  autoComplete="email"
                  required
                  {...form.getInputProps('email')}
                />
              )}
              <Textarea label={t('supportDesk.message')} required autosize minRows={5} maxRows={14} {...form.getInputProps('message')} />
              <FileField
                label={t('supportDesk.attachment')}
                description={t('supportDesk.attachmentHint')}
                clearable
                {...form.getInputProps('file')}
              />
            </MutationForm>
          </SectionCard>
        )}
      </Stack>
    </Container>
  );
}
