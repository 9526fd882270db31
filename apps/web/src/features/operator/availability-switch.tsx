import { Group, SegmentedControl, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { operatorAvailabilities, type OperatorAvailability } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api-errors.ts';
import { useOperators, useSetAvailability } from './api.ts';

/** The colour beside each availability, with its word always there too. */
const availabilityColors: Record<OperatorAvailability, string> = {
  online: 'var(--mantine-color-green-6)',
  busy: 'var(--mantine-color-orange-6)',
  offline: 'var(--mantine-color-gray-5)',
};

export function AvailabilityDot({ availability }: { availability: OperatorAvailability }) {
  return <span className="availability-dot" style={{ background: availabilityColors[availability] }} aria-hidden="true" />;
}

/**
 * The operator's own availability: Online, Busy or Offline. The server also goes Offline by itself after the last
 * connection ends; the list of operators (and so this switch) follows `operator-availability-changed`.
 */
export function AvailabilitySwitch({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const operators = useOperators();
  const setAvailability = useSetAvailability();
  const own = operators.data?.find((operator) => operator.id === userId)?.availability;
  const value = setAvailability.isPending ? setAvailability.variables : own;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500} id="operator-availability-label">
        {t('operator.availability.label')}
      </Text>
      <SegmentedControl
        data-testid="operator-availability"
        data-value={own}
        aria-labelledby="operator-availability-label"
        size="xs"
        value={value ?? ''}
        disabled={own === undefined}
        onChange={(next) =>
          setAvailability.mutate(next as OperatorAvailability, {
            onError: (error) => notifications.show({ color: 'danger', message: errorText(t, error) }),
          })
        }
        data={operatorAvailabilities.map((availability) => ({
          value: availability,
          label: (
            <Group gap={6} wrap="nowrap" justify="center">
              <AvailabilityDot availability={availability} />
              <span>{t(`operator.availability.${availability}`)}</span>
            </Group>
          ),
        }))}
      />
    </Group>
  );
}
