import { Badge, Button, Group, List, Loader, Modal, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { paymentProviders, paymentRecordStatuses, type AdminPayment } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONSOLE_PAGE_SIZE,
  optionOf,
  useAllDoctors,
  usePaymentCallbacks,
  usePayments,
  useRefundPayment,
  type PaymentsFilter,
} from './console-api.ts';
import { ReasonModal } from './reason-modal.tsx';
import { ConsoleTable, LoadError, type ConsoleColumn } from '../../components/console-table.tsx';
import { dateTimeText, priceText } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

/** What a provider's own status word means in our terms (LiqPay's `sandbox` is a test payment that went through). */
const providerStatuses: Record<string, 'success' | 'failure' | 'refunded' | 'pending'> = {
  success: 'success',
  sandbox: 'success',
  failure: 'failure',
  error: 'failure',
  reversed: 'refunded',
  refunded: 'refunded',
  processing: 'pending',
  wait_accept: 'pending',
};

function providerStatusText(t: (key: string) => string, status: string): string {
  const ours = providerStatuses[status];
  return ours ? t(`adminConsole.payments.statuses.${ours}`) : status;
}

const statusColor = { pending: 'orange', success: 'brand', failure: 'danger', refunded: 'gray' } as const;

function RefundModal({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const refund = useRefundPayment(payment.id);
  return (
    <ReasonModal
      title={t('adminConsole.payments.refundTitle')}
      intro={
        <Text>
          {t('adminConsole.payments.refundText', {
            amount: priceText(payment.received_amount ?? payment.amount, currentLocale()),
            patient: payment.patient_name,
            doctor: payment.doctor_name,
          })}
        </Text>
      }
      label={t('adminConsole.payments.reason')}
      requiredText={t('adminConsole.payments.reasonRequired')}
      mutation={refund}
      toVariables={(reason) => ({ reason })}
      submitLabel={t('adminConsole.payments.refund')}
      doneText={t('adminConsole.payments.refunded')}
      onClose={onClose}
    />
  );
}

function HistoryModal({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const { t } = useTranslation();
  const callbacks = usePaymentCallbacks(payment.id);
  return (
    <Modal opened onClose={onClose} title={t('adminConsole.payments.historyTitle', { order: payment.order_id })}>
      <Stack gap="sm">
        <Text size="sm">{t('adminConsole.payments.created', { date: dateTimeText(payment.created_at, currentLocale()) })}</Text>
        {callbacks.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        <LoadError error={callbacks.error} />
        {callbacks.data &&
          (callbacks.data.callbacks.length === 0 ? (
            <Text>{t('adminConsole.payments.noCallbacks')}</Text>
          ) : (
            <List>
              {callbacks.data.callbacks.map((callback) => (
                <List.Item key={callback.id}>
                  {t('adminConsole.payments.callback', {
                    date: dateTimeText(callback.created_at, currentLocale()),
                    provider: t(`adminConsole.payments.providers.${callback.provider}`),
                    status: providerStatusText(t, callback.provider_status),
                  })}
                </List.Item>
              ))}
            </List>
          ))}
        {payment.refund_reason && (
          <Text size="sm">
            {t('adminConsole.payments.refundedBy', { name: payment.refunded_by_name ?? '—', reason: payment.refund_reason })}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

const emptyFilter: PaymentsFilter = { status: '', provider: '', doctorId: '', from: '', to: '' };

/** Payments: filters, pages, a payment's callbacks and refunds with a reason. */
export function PaymentsSection() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(emptyFilter);
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [history, setHistory] = useState<AdminPayment | null>(null);
  const payments = usePayments(filter, page);
  const doctors = useAllDoctors();
  const change = <Name extends keyof PaymentsFilter>(name: Name, value: PaymentsFilter[Name]) => {
    setFilter((current) => ({ ...current, [name]: value }));
    setPage(1);
  };
  const field = { w: { base: '100%', xs: 180 } } as const;
  const columns: ConsoleColumn<AdminPayment>[] = [
    { header: t('adminConsole.payments.date'), cell: (payment) => dateTimeText(payment.created_at, currentLocale()) },
    { header: t('adminConsole.payments.patient'), cell: (payment) => payment.patient_name },
    { header: t('adminConsole.payments.doctor'), cell: (payment) => payment.doctor_name },
    { header: t('adminConsole.payments.amount'), cell: (payment) => priceText(payment.amount, currentLocale()), nowrap: true },
    { header: t('adminConsole.payments.provider'), cell: (payment) => t(`adminConsole.payments.providers.${payment.provider}`) },
    {
      header: t('adminConsole.payments.status'),
      cell: (payment) => (
        <Badge color={statusColor[payment.status]} variant="light">
          {t(`adminConsole.payments.statuses.${payment.status}`)}
        </Badge>
      ),
    },
    {
      header: t('admin.actions'),
      cell: (payment) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setHistory(payment)}
            aria-label={t('adminConsole.payments.historyOf', { patient: payment.patient_name })}
          >
            {t('adminConsole.payments.history')}
          </Button>
          {payment.status === 'success' && !payment.refund_reason && (
            <Button
              size="xs"
              color="danger"
              variant="light"
              onClick={() => setRefunding(payment)}
              aria-label={t('adminConsole.payments.refundOf', { patient: payment.patient_name })}
            >
              {t('adminConsole.payments.refund')}
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>{t('adminConsole.payments.title')}</Title>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('adminConsole.payments.status')}
          value={filter.status}
          onChange={(event) => change('status', optionOf(paymentRecordStatuses, event.currentTarget.value))}
          data={[
            { value: '', label: t('adminConsole.all') },
            ...paymentRecordStatuses.map((value) => ({ value, label: t(`adminConsole.payments.statuses.${value}`) })),
          ]}
          {...field}
        />
        <NativeSelect
          label={t('adminConsole.payments.provider')}
          value={filter.provider}
          onChange={(event) => change('provider', optionOf(paymentProviders, event.currentTarget.value))}
          data={[
            { value: '', label: t('adminConsole.all') },
            ...paymentProviders.map((value) => ({ value, label: t(`adminConsole.payments.providers.${value}`) })),
          ]}
          {...field}
        />
        <NativeSelect
          label={t('adminConsole.payments.doctor')}
          value={filter.doctorId}
          onChange={(event) => change('doctorId', event.currentTarget.value)}
          data={[
            { value: '', label: t('adminConsole.all') },
            ...(doctors.data ?? []).map((doctor) => ({ value: doctor.id, label: doctor.user_name })),
          ]}
          {...field}
        />
        <TextInput
          type="date"
          label={t('adminConsole.from')}
          value={filter.from}
          onChange={(event) => change('from', event.currentTarget.value)}
          {...field}
        />
        <TextInput
          type="date"
          label={t('adminConsole.to')}
          value={filter.to}
          onChange={(event) => change('to', event.currentTarget.value)}
          {...field}
        />
      </Group>
      <ConsoleTable
        label={t('adminConsole.payments.title')}
        minWidth={860}
        striped
        columns={columns}
        rows={payments.data?.payments}
        rowKey={(payment) => payment.id}
        error={payments.error}
        paging={{ total: payments.data?.total ?? 0, page, pageSize: CONSOLE_PAGE_SIZE, onChange: setPage }}
      />
      {refunding && <RefundModal payment={refunding} onClose={() => setRefunding(null)} />}
      {history && <HistoryModal payment={history} onClose={() => setHistory(null)} />}
    </Stack>
  );
}
