import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { qualityLevel, type CallQuality, type QualityLevel } from './call-quality.ts';

const colors: Record<QualityLevel, string> = {
  good: 'var(--mantine-color-brand-6)',
  fair: 'var(--mantine-color-yellow-6)',
  poor: 'var(--mantine-color-danger-6)',
  unknown: 'var(--mantine-color-gray-5)',
};

const figure = (value: number | null) => (value === null ? '–' : String(value));

/**
 * The connection's quality in words ("Connection: good"), with its figures where there is room: round trip, loss,
 * and what goes out and comes in. Read once a second; not a live region (it would talk every second).
 */
export function QualityIndicator({ quality }: { quality: CallQuality | null }) {
  const { t } = useTranslation();
  const level = quality ? qualityLevel(quality) : 'unknown';
  return (
    <Group gap={6} wrap="nowrap" data-testid="call-quality" data-quality={level}>
      <Box w={10} h={10} style={{ borderRadius: '50%', background: colors[level], flex: 'none' }} aria-hidden="true" />
      <div>
        <Text size="sm" fw={600}>
          {t('meeting.quality.label', { level: t(`meeting.quality.${level}`) })}
        </Text>
        {quality && (
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {t('meeting.quality.details', {
              rtt: figure(quality.roundTripMs),
              loss: figure(quality.lossPercent),
              out: figure(quality.outgoingKbps),
              in: figure(quality.incomingKbps),
            })}
            {quality.relayed ? ` · ${t('meeting.quality.relayed')}` : ''}
          </Text>
        )}
      </div>
    </Group>
  );
}
