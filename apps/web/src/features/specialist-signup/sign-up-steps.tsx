import { Group, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const signUpSteps = ['account', 'profile', 'diploma', 'review'] as const;
export type SignUpStep = (typeof signUpSteps)[number];

/** The four steps of the sign-up, the current one marked (`aria-current`), the done ones ticked. */
export function SignUpSteps({ current }: { current: SignUpStep }) {
  const { t } = useTranslation();
  const index = signUpSteps.indexOf(current);
  return (
    <Group component="ol" gap="md" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('specialistSignUp.stepsLabel')}>
      {signUpSteps.map((step, i) => (
        <Group component="li" key={step} gap={6} wrap="nowrap" aria-current={i === index ? 'step' : undefined}>
          <ThemeIcon size="sm" radius="xl" variant={i <= index ? 'filled' : 'light'} color="brand" aria-hidden="true">
            <Text fz="xs" fw={700} c={i <= index ? 'white' : undefined}>
              {i < index ? '✓' : i + 1}
            </Text>
          </ThemeIcon>
          <Text size="sm" fw={i === index ? 700 : 400}>
            {t(`specialistSignUp.steps.${step}`)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
