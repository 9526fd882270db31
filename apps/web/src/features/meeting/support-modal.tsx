import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { MeetingReportBody } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { useReportProblem } from './api.ts';

const MESSAGE_MAX = 2000;

/**
 * "Report a problem" during the call (docs/product.md §2's "support" modal): the person's words and the call's technical
 * state (browser, connection states, quality; never sound or picture) go to the service's operators.
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
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);

  return (
    <Modal opened onClose={onClose} title={t('meeting.support.title')}>
      {report.isSuccess ? (
        <Stack gap="sm">
          <Alert color="brand" variant="light" role="status" title={t('meeting.support.sentTitle')}>
            {t('meeting.support.sentText')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {t('common.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const text = message.trim();
            if (!text) return setMissing(true);
            report.mutate({ message: text, details: details() });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('meeting.support.intro')}</Text>
            <Textarea
              label={t('meeting.support.message')}
              autosize
              minRows={3}
              maxRows={8}
              maxLength={MESSAGE_MAX}
              value={message}
              error={missing ? t('meeting.support.required') : undefined}
              onChange={(event) => {
                setMessage(event.currentTarget.value);
                setMissing(false);
              }}
              data-autofocus
            />
            <Text size="sm">{t('meeting.support.details')}</Text>
            <FormError error={report.error} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={report.isPending}>
                {t('meeting.support.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
