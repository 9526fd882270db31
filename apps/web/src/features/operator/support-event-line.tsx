import { Text } from '@mantine/core';
import type { SupportEvent } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';
import { timeText } from '../../lib/appointment-dates.ts';

/** One claim, transfer (with its note), close or reopen of the conversation, as a line of its timeline. */
export function SupportEventLine({ event }: { event: SupportEvent }) {
  const { t } = useTranslation();
  const what = t(`operator.event.${event.kind}`, {
    actor: event.actor_name,
    to: event.to_operator_name ?? t('operator.anotherOperator'),
  });
  return (
    <div className="support-event" data-testid="support-event" data-kind={event.kind}>
      <Text size="xs" fw={600}>
        {what} · <time dateTime={event.created_at}>{timeText(event.created_at)}</time>
      </Text>
      {event.note && (
        <Text size="sm" className="support-event__note">
          {t('operator.event.note', { note: event.note })}
        </Text>
      )}
    </div>
  );
}
