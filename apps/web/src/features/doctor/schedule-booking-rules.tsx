import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card.tsx';
import { currentZoneName } from '../../lib/appointment-dates.ts';
import { numberRanges, type ScheduleForm } from './schedule-form.ts';

function timeZones(current: string): string[] {
  // By their current names (the browser may list Europe/Kiev), each once.
  const zones = [...new Set((typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []).map(currentZoneName))];
  return zones.includes(current) ? zones : [current, ...zones];
}

export function BookingRulesCard({ form }: { form: ScheduleForm }) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('doctor.bookingRules')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('doctor.consultationMinutes')}
          {...numberRanges.consultation_minutes}
          allowDecimal={false}
          {...form.getInputProps('consultation_minutes')}
        />
        <NumberInput
          label={t('doctor.bufferMinutes')}
          {...numberRanges.buffer_minutes}
          allowDecimal={false}
          {...form.getInputProps('buffer_minutes')}
        />
        <NumberInput
          label={t('doctor.minNoticeMinutes')}
          {...numberRanges.min_notice_minutes}
          allowDecimal={false}
          {...form.getInputProps('min_notice_minutes')}
        />
        <NumberInput
          label={t('doctor.horizonDays')}
          {...numberRanges.horizon_days}
          allowDecimal={false}
          {...form.getInputProps('horizon_days')}
        />
        <Select
          label={t('doctor.timeZone')}
          data={timeZones(form.values.time_zone)}
          searchable
          allowDeselect={false}
          limit={50}
          {...form.getInputProps('time_zone')}
        />
      </SimpleGrid>
    </SectionCard>
  );
}
