import { Button, Checkbox, CopyButton, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openBlob } from '../../lib/files.ts';

interface Props {
  codes: string[];
  /** The account the codes are for (named in the downloaded file). */
  email: string;
  onDone: () => void;
}

/** The recovery codes, shown once: copy or download them, and say they are saved before going on. */
export function RecoveryCodesView({ codes, email, onDone }: Props) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');
  const download = () => {
    const file = [t('twoFactor.recovery.fileHeading', { email }), t('twoFactor.recovery.fileNote'), '', text, ''].join('\n');
    openBlob(new Blob([file], { type: 'text/plain;charset=utf-8' }), 'rozmova-recovery-codes.txt', true);
  };

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        {t('twoFactor.recovery.title')}
      </Title>
      <Text>{t('twoFactor.recovery.text')}</Text>
      <List
        type="ordered"
        aria-label={t('twoFactor.recovery.listLabel')}
        ff="monospace"
        fz="md"
        spacing={4}
        style={{ columns: 2, columnGap: 'var(--mantine-spacing-xl)' }}
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group gap="sm">
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {t(copied ? 'twoFactor.recovery.copied' : 'twoFactor.recovery.copy')}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={download}>
          {t('twoFactor.recovery.download')}
        </Button>
      </Group>
      <Checkbox label={t('twoFactor.recovery.saved')} checked={saved} onChange={(event) => setSaved(event.currentTarget.checked)} />
      <div>
        <Button onClick={onDone} disabled={!saved}>
          {t('twoFactor.recovery.continue')}
        </Button>
      </div>
    </Stack>
  );
}
