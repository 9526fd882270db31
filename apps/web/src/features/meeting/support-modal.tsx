import { Modal, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MEETING_REPORT_MESSAGE_MAX, type MeetingReportBody } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { MutationForm } from '../../components/mutation-form.tsx';
import { useReportProblem } from './api.ts';
import { SentNotice } from './sent-notice.tsx';

/**
 * "Report a problem" during the call (docs/product.md §2's "support" modal): the person's words and the call's technical
 * state (browser, connection states, quality; never sound or picture) go to the service's operators. After the
 * server's OK the dialog stays open with its thank-you.
 */
export function SupportModal({
  roomId,
  details,
  onClose,
}: {
  roomId: string;
  details: () => MeetingReportBody['details'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const report = useReportProblem(roomId);
  const form = useForm({
    initialValues: { message: '' },
    validate: { message: (value) => (value.trim() ? null : t('meeting.support.required')) },
  });

  return (
    <Modal opened onClose={onClose} title={t('meeting.support.title')}>
      {report.isSuccess ? (
        <SentNotice title={t('meeting.support.sentTitle')} text={t('meeting.support.sentText')} onClose={onClose} />
      ) : (
        <MutationForm
          form={form}
          mutation={report}
          toVariables={(values) => ({ message: values.message.trim(), details: details() })}
          submitLabel={t('meeting.support.send')}
          cancel={{ label: t('common.cancel'), onClick: onClose }}
        >
          <Text size="sm">{t('meeting.support.intro')}</Text>
          <Textarea
            label={t('meeting.support.message')}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={MEETING_REPORT_MESSAGE_MAX}
            data-autofocus
            {...form.getInputProps('message')}
          />
          <Text size="sm">{t('meeting.support.details')}</Text>
        </MutationForm>
      )}
    </Modal>
  );
}
