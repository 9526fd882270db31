import { Alert, Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a meeting dialog shows once the server took what was sent, in place of its form: the notice and Close. */
export function SentNotice({ title, text, onClose }: { title?: string; text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="brand" variant="light" role="status" title={title}>
        {text}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('common.close')}
        </Button>
      </Group>
    </Stack>
  );
}
