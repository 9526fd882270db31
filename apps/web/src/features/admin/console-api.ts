import {
  adminConsoleApi,
  auditApi,
  doctorsApi,
  type AuditAction,
  type FeedbackType,
  type ListPaymentsQuery,
  type ModerateReviewBody,
  type PaymentProvider,
  type RefundPaymentBody,
  type ReviewStatus,
  type UpdateDoctorBody,
} from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { downloadBlob, openBlob } from '../../lib/files.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const CONSOLE_PAGE_SIZE = 20;

/** A filter form's fields: '' (any) is not sent. */
type Compact<Filter> = { [K in keyof Filter]?: Exclude<Filter[K], ''> };
/** Empty filter fields are left out of the request. */
const compact = <Filter extends object>(filter: Filter): Compact<Filter> =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== '' && value !== undefined)) as Compact<Filter>;
/** A filter select's value as the query's: one of `options`, or '' (any). */
export const optionOf = <Option extends string>(options: readonly Option[], value: string): Option | '' =>
  options.find((option) => option === value) ?? '';
const pageOf = (page: number) => ({ limit: CONSOLE_PAGE_SIZE, offset: (page - 1) * CONSOLE_PAGE_SIZE });

/** Each field is '' for any. */
export interface ReviewsFilter {
  status: ReviewStatus | '';
  type: FeedbackType | '';
}

export function useReviews(filter: ReviewsFilter, page: number) {
  const query = compact({ ...filter, ...pageOf(page) });
  return useQuery({
    queryKey: queryKeys.admin.reviewsPage(query),
    queryFn: ({ signal }) => call(adminConsoleApi.listReviews, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ModerateReviewBody & { id: string }) => call(adminConsoleApi.moderateReview, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.admin.reviews }),
        client.invalidateQueries({ queryKey: queryKeys.feedback.published }),
      ]),
  });
}

/** Each field is '' for any. */
export interface PaymentsFilter {
  status: NonNullable<ListPaymentsQuery['status']> | '';
  provider: PaymentProvider | '';
  doctorId: string;
  from: string;
  to: string;
}

export function usePayments(filter: PaymentsFilter, page: number) {
  const query = compact({ ...filter, ...pageOf(page) });
  return useQuery({
    queryKey: queryKeys.admin.paymentsPage(query),
    queryFn: ({ signal }) => call(adminConsoleApi.listPayments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentCallbacks(paymentId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paymentCallbacks(paymentId),
    queryFn: ({ signal }) => call(adminConsoleApi.listPaymentCallbacks, { params: { id: paymentId }, signal }),
  });
}

export function useRefundPayment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundPaymentBody) => call(adminConsoleApi.refundPayment, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.payments }),
  });
}

/** Each field is '' for any. */
export interface AuditFilter {
  actorId: string;
  patientId: string;
  action: AuditAction | '';
  from: string;
  to: string;
}

export function useAuditLog(filter: AuditFilter, page: number) {
  const query = compact({ ...filter, ...pageOf(page) });
  return useQuery({
    queryKey: queryKeys.admin.auditPage(query),
    queryFn: ({ signal }) => call(auditApi.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered log as a CSV file (the token goes in a header, so a plain link cannot fetch it). */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  openBlob(await downloadBlob(auditApi.exportCsv, { query: compact(filter) }), 'audit-log.csv', true);
}

/** Every doctor, listed or not, with what each lacks to be listed. */
export function useAllDoctors() {
  return useQuery({
    queryKey: queryKeys.doctors.listAll,
    queryFn: ({ signal }) => call(doctorsApi.list, { query: { unlisted: 'true' }, signal }),
  });
}

export function useUpdateDoctor(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDoctorBody) => call(doctorsApi.update, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.doctors.all }),
  });
}
