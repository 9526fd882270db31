import { NativeSelect, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function ColorSchemeSwitch() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <NativeSelect
      aria-label={t('header.colorScheme')}
      value={colorScheme}
      onChange={(event) => setColorScheme(event.currentTarget.value as MantineColorScheme)}
      data={[
        { value: 'auto', label: t('header.colorSchemeSystem') },
        { value: 'light', label: t('header.colorSchemeLight') },
        { value: 'dark', label: t('header.colorSchemeDark') },
      ]}
      size="xs"
      w={110}
    />
  );
}
