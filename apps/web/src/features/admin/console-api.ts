import {
  adminConsolePaths,
  auditPaths,
  doctorPaths,
  type AdminPayment,
  type AdminPaymentList,
  type AuditLog,
  type Doctor,
  type ModerateReviewBody,
  type PaymentCallbackList,
  type RefundPaymentBody,
  type Review,
  type ReviewList,
  type UpdateDoctorBody,
} from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { downloadBlob, openBlob } from '../../lib/files.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { withId } from '../../lib/paths.ts';

export const CONSOLE_PAGE_SIZE = 20;

type Query = Record<string, string | number | undefined>;
/** Empty filter fields are left out of the request. */
const compact = (filter: Query): Query =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== '' && value !== undefined));
const pageOf = (page: number) => ({ limit: CONSOLE_PAGE_SIZE, offset: (page - 1) * CONSOLE_PAGE_SIZE });

export function useReviews(filter: { status: string; type: string }, page: number) {
  const query = compact({ ...filter, ...pageOf(page) });
  return useQuery({
    queryKey: queryKeys.admin.reviewsPage(query),
    queryFn: ({ signal }) => apiRequest<ReviewList>(adminConsolePaths.reviews, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ModerateReviewBody & { id: string }) =>
      apiRequest<Review>(withId(adminConsolePaths.moderateReview, id), { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.admin.reviews }),
        client.invalidateQueries({ queryKey: queryKeys.feedback.published }),
      ]),
  });
}

export interface PaymentsFilter {
  status: string;
  provider: string;
  doctorId: string;
  from: string;
  to: string;
}

export function usePayments(filter: PaymentsFilter, page: number) {
  const query = compact({ ...filter, ...pageOf(page) });
  return useQuery({
    queryKey: queryKeys.admin.paymentsPage(query),
    queryFn: ({ signal }) => apiRequest<AdminPaymentList>(adminConsolePaths.payments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePaymentCallbacks(paymentId: string) {
  return useQuery({
    queryKey: queryKeys.admin.paymentCallbacks(paymentId),
    queryFn: ({ signal }) => apiRequest<PaymentCallbackList>(withId(adminConsolePaths.paymentCallbacks, paymentId), { signal }),
  });
}

export function useRefundPayment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundPaymentBody) =>
      apiRequest<AdminPayment>(withId(adminConsolePaths.refundPayment, id), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.admin.payments }),
  });
}

export interface AuditFilter {
  actorId: string;
  patientId: string;
  action: string;
  from: string;
  to: string;
}

export function useAuditLog(filter: AuditFilter, page: number) {
  const query = compact({ ...filter, ...pageOf(page) });
  return useQuery({
    queryKey: queryKeys.admin.auditPage(query),
    queryFn: ({ signal }) => apiRequest<AuditLog>(auditPaths.auditLog, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered log as a CSV file (the token goes in a header, so a plain link cannot fetch it). */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  const query = new URLSearchParams(compact({ ...filter }) as Record<string, string>).toString();
  const path = query ? `${adminConsolePaths.auditLogCsv}?${query}` : adminConsolePaths.auditLogCsv;
  openBlob(await downloadBlob(path), 'audit-log.csv', true);
}

/** Every doctor, listed or not, with what each lacks to be listed. */
export function useAllDoctors() {
  return useQuery({
    queryKey: queryKeys.doctors.listAll,
    queryFn: ({ signal }) => apiRequest<Doctor[]>(doctorPaths.doctors, { query: { unlisted: 'true' }, signal }),
  });
}

export function useUpdateDoctor(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateDoctorBody) => apiRequest<Doctor>(withId(doctorPaths.doctor, id), { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.doctors.all }),
  });
}
