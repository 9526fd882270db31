import { Alert, Container, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountRemovalOutcome } from '../../lib/account-removal.ts';

/** After an account removal: what happened, and whether a paid consultation is refunded, in the reader's language. */
export default function AccountRemovedNotice({ outcome }: { outcome: AccountRemovalOutcome }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <Container size="lg" pt="lg">
      <Alert
        color="brand"
        variant="light"
        role="status"
        title={t('home.removed.title')}
        withCloseButton
        closeButtonLabel={t('common.close')}
        onClose={() => setOpen(false)}
      >
        <Stack gap={6}>
          <Text size="sm">{t('home.removed.text')}</Text>
          {outcome !== 'none' && <Text size="sm">{t(`home.removed.${outcome}`)}</Text>}
          <Text size="sm">{t('home.removed.farewell')}</Text>
        </Stack>
      </Alert>
    </Container>
  );
}
