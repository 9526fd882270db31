import { Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../components/form-error.tsx';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { useReceipt } from './history-api.ts';
import './receipt.css';
import { priceText } from '../../lib/format.ts';

/** A paid consultation's receipt; "Print" prints only the receipt (receipt.css), so it can be saved as a PDF too. */
export function ReceiptModal({ appointmentId, onClose }: { appointmentId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const receipt = useReceipt(appointmentId);
  const data = receipt.data;
  const rows = data && [
    [t('history.receiptAmount'), priceText(data.amount, locale)],
    [t('history.receiptPaidAt'), appointmentDateText(data.paid_at, locale)],
    [t('history.receiptConsultation'), appointmentDateText(data.appointment_date, locale)],
    [t('history.receiptDoctor'), data.doctor_name],
    [t('history.receiptPatient'), data.patient_name],
    [t('history.receiptProvider'), t(`history.provider.${data.provider}`)],
    [t('history.receiptPaymentId'), data.payment_id],
  ];
  return (
    <Modal opened={appointmentId !== null} onClose={onClose} title={t('history.receiptTitle')} classNames={{ content: 'receipt-print' }}>
      {receipt.error ? (
        <FormError error={receipt.error} />
      ) : !rows ? (
        <Loader role="status" aria-label={t('common.loading')} size="sm" />
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('history.receiptLead')}</Text>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w="40%">{label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="flex-end" className="receipt-actions">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button onClick={() => window.print()}>{t('history.print')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
