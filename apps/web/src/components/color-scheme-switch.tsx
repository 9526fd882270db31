import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PlainSelect } from './plain-select.tsx';

export function ColorSchemeSwitch() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <PlainSelect<MantineColorScheme>
      label={t('header.colorScheme')}
      value={colorScheme}
      onChange={setColorScheme}
      options={[
        { value: 'auto', label: t('header.colorSchemeSystem') },
        { value: 'light', label: t('header.colorSchemeLight') },
        { value: 'dark', label: t('header.colorSchemeDark') },
      ]}
      width={110}
    />
  );
}
