import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { MeetingRole } from '@rozmova/contracts';
import { useTranslation } from 'react-i18next';

/**
 * Leaving (docs/product.md §2's "close" modal). The patient leaves and may come back; the doctor also may end the consultation
 * for both, which asks for the note of the record.
 */
export function CloseModal({
  role,
  onStay,
  onLeave,
  onEnd,
}: {
  role: MeetingRole;
  onStay: () => void;
  onLeave: () => void;
  onEnd: () => void;
}) {
  const { t } = useTranslation();
  const doctor = role === 'doctor';
  return (
    <Modal opened onClose={onStay} title={t(doctor ? 'meeting.close.titleDoctor' : 'meeting.close.titlePatient')}>
      <Stack gap="sm">
        <Text>{t(doctor ? 'meeting.close.textDoctor' : 'meeting.close.textPatient')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onStay} data-autofocus>
            {t('meeting.close.stay')}
          </Button>
          <Button variant={doctor ? 'default' : 'filled'} color={doctor ? undefined : 'danger'} onClick={onLeave}>
            {t('meeting.close.leave')}
          </Button>
          {doctor && (
            <Button color="danger" onClick={onEnd}>
              {t('meeting.close.end')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
