import { Badge, Button, Card, Group, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { specialistApplicationStatuses, type SpecialistApplication, type SpecialistApplicationStatus } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormError } from '../../components/form-error.tsx';
import { LabelledText } from '../../components/labelled-text.tsx';
import { openBlob } from '../../lib/files.ts';
import { languageText, specialisationText } from '../../lib/doctors.ts';
import { diplomaOf, useApplication, useApplications, useDecideApplication } from './applications-api.ts';
import { LoadError } from '../../components/console-table.tsx';
import { ReasonModal } from './reason-modal.tsx';
import { dateTimeText } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

const statusColor = { draft: 'gray', submitted: 'yellow', approved: 'brand', rejected: 'danger' } as const;

function RejectModal({ application, onClose }: { application: SpecialistApplication; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideApplication();
  return (
    <ReasonModal
      title={t('applications.rejectTitle', { name: application.user_name })}
      label={t('applications.reason')}
      description={t('applications.reasonHint')}
      requiredText={t('applications.reasonRequired')}
      maxLength={2000}
      mutation={decide}
      toVariables={(reason) => ({ id: application.id, decision: 'reject' as const, reason })}
      submitLabel={t('applications.reject')}
      doneText={t('applications.rejected', { name: application.user_name })}
      onClose={onClose}
    />
  );
}

/** One application: the profile it asks for, the diploma, and approve / reject while it waits. */
function ApplicationDetails({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const application = useApplication(id);
  const decide = useDecideApplication();
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [diplomaError, setDiplomaError] = useState<unknown>(null);
  const [opening, setOpening] = useState(false);

  if (application.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (application.isError) return <LoadError error={application.error} />;
  const a = application.data;
  const openDiploma = async () => {
    setOpening(true);
    setDiplomaError(null);
    try {
      openBlob(await diplomaOf(a.id), a.diploma!.file_name, false);
    } catch (error) {
      setDiplomaError(error);
    } finally {
      setOpening(false);
    }
  };

  return (
    <Card withBorder component="section" aria-labelledby="application-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} fz="lg" id="application-title" style={{ overflowWrap: 'anywhere' }}>
            {a.user_name} · {a.name_en}
          </Title>
          <Badge color={statusColor[a.status]} variant="outline" c="var(--mantine-color-text)" tt="none">
            {t(`applications.status.${a.status}`)}
          </Badge>
        </Group>
        <LabelledText label={t('fields.email')}>{a.email}</LabelledText>
        <LabelledText label={t('applications.specialisations')}>
          {a.specialisations.map((item) => specialisationText(item, locale)).join(', ')}
        </LabelledText>
        <LabelledText label={t('applications.bioUk')}>{a.bio.uk}</LabelledText>
        <LabelledText label={t('applications.bioEn')}>{a.bio.en}</LabelledText>
        <LabelledText label={t('applications.languages')}>{a.languages.map((code) => languageText(code, locale)).join(', ')}</LabelledText>
        <LabelledText label={t('applications.experience')}>{a.experience_years}</LabelledText>
        {a.submitted_at && (
          <LabelledText label={t('applications.submittedAt')}>{dateTimeText(a.submitted_at, currentLocale())}</LabelledText>
        )}
        {a.rejection_reason && <LabelledText label={t('applications.reason')}>{a.rejection_reason}</LabelledText>}
        <FormError error={diplomaError} />
        <Group gap="sm">
          <Button variant="default" onClick={onBack}>
            {t('applications.back')}
          </Button>
          {a.diploma && (
            <Button variant="light" loading={opening} onClick={() => void openDiploma()}>
              {t('applications.openDiploma')}
            </Button>
          )}
          {a.status === 'submitted' && (
            <>
              <Button onClick={() => setDialog('approve')}>{t('applications.approve')}</Button>
              <Button color="danger" variant="outline" onClick={() => setDialog('reject')}>
                {t('applications.reject')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
      {dialog === 'approve' && (
        <ConfirmModal
          title={t('applications.approveTitle', { name: a.user_name })}
          text={t('applications.approveText')}
          confirmLabel={t('applications.approve')}
          cancelLabel={t('common.cancel')}
          pending={decide.isPending}
          error={decide.error}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            decide.mutate(
              { id: a.id, decision: 'approve' },
              {
                onSuccess: () => {
                  setDialog(null);
                  notifications.show({ message: t('applications.approved', { name: a.user_name }) });
                },
              },
            )
          }
        />
      )}
      {dialog === 'reject' && <RejectModal application={a} onClose={() => setDialog(null)} />}
    </Card>
  );
}

/** `/admin/applications`: specialists' applications by status; one opens with its profile and diploma. */
export function ApplicationsSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<SpecialistApplicationStatus>('submitted');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useApplications(status);

  if (openId) return <ApplicationDetails id={openId} onBack={() => setOpenId(null)} />;
  return (
    <Stack gap="md">
      <Title order={1}>{t('applications.title')}</Title>
      <NativeSelect
        label={t('applications.statusFilter')}
        value={status}
        onChange={(event) => setStatus(event.currentTarget.value as SpecialistApplicationStatus)}
        data={specialistApplicationStatuses.map((value) => ({ value, label: t(`applications.status.${value}`) }))}
        maw={320}
      />
      <LoadError error={list.error} />
      {list.isPending && <Loader role="status" aria-label={t('common.loading')} />}
      {list.data?.length === 0 && (
        <Text c="dimmed" role="status">
          {t('applications.empty')}
        </Text>
      )}
      {list.data?.map((a) => (
        <Card key={a.id} withBorder component="article" aria-label={a.user_name}>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {a.user_name}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {a.email}
                {a.submitted_at ? ` · ${dateTimeText(a.submitted_at, currentLocale())}` : ''}
              </Text>
            </div>
            <Button variant="light" onClick={() => setOpenId(a.id)} aria-label={t('applications.openOf', { name: a.user_name })}>
              {t('applications.open')}
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
