import {
  patientPaths,
  supportPaths,
  type CannedReply,
  type CannedReplyBody,
  type ChatPatientStatus,
  type ConversationState,
  type Inbox,
  type Operator,
  type OperatorAvailability,
  type Patient,
  type SupportEvent,
  type TransferBody,
} from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { withId } from '../../lib/paths.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type Holder = 'mine' | 'unassigned' | 'all';
export const holders: readonly Holder[] = ['mine', 'unassigned', 'all'];
const INBOX_PAGE = 100;

export interface InboxFilter {
  holder: Holder;
  status: ChatPatientStatus | undefined;
}

/** The inbox of one filter, newest activity first; realtime events and reconnects invalidate it (use-live-inbox.ts). */
export function useInbox({ holder, status }: InboxFilter) {
  return useQuery({
    queryKey: queryKeys.support.inbox(holder, status),
    queryFn: ({ signal }) =>
      apiRequest<Inbox>(supportPaths.inbox, { query: { holder, chat_patient_status: status, limit: INBOX_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSupportEvents(patientId: string) {
  return useQuery({
    queryKey: queryKeys.support.events(patientId),
    queryFn: ({ signal }) =>
      apiRequest<{ events: SupportEvent[] }>(withId(supportPaths.events, patientId), { signal }).then((list) => list.events),
  });
}

export function useOperators() {
  return useQuery({
    queryKey: queryKeys.support.operators,
    queryFn: ({ signal }) => apiRequest<{ operators: Operator[] }>(supportPaths.operators, { signal }).then((list) => list.operators),
  });
}

/** An operator's new availability (from `operator-availability-changed` or the own PUT) in the cached list. */
export function putOperator(client: QueryClient, operator: Operator): void {
  client.setQueryData<Operator[]>(queryKeys.support.operators, (list) =>
    list?.some((known) => known.id === operator.id)
      ? list.map((known) => (known.id === operator.id ? { ...known, ...operator } : known))
      : list && [...list, operator],
  );
}

export function useSetAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (availability: OperatorAvailability) =>
      apiRequest<Operator>(supportPaths.availability, { method: 'PUT', body: { availability } }),
    onSuccess: (operator) => putOperator(client, operator),
  });
}

/** A conversation's new holder or status (an action's answer or `chat-conversation-updated`) in the patient's record. */
export function applyConversationState(client: QueryClient, state: ConversationState): void {
  client.setQueryData<Patient>(
    queryKeys.patients.one(state.patientId),
    (patient) =>
      patient && { ...patient, chat_patient_status: state.chat_patient_status, interacting_with_operator: state.interacting_with_operator },
  );
}

/** After a claim, transfer, close or reopen: the inbox and the conversation's events are read again. */
const refreshConversation = (client: QueryClient, patientId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.support.inboxes }),
    client.invalidateQueries({ queryKey: queryKeys.support.events(patientId) }),
  ]);

export type ConversationAction = 'claim' | 'close' | 'reopen';

export function useConversationAction(action: ConversationAction) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patientId: string) => apiRequest<ConversationState>(withId(supportPaths[action], patientId), { method: 'POST' }),
    onSuccess: (state) => applyConversationState(client, state),
    // Refused (someone else was first): the record is read again to show who holds it now.
    onError: (_error, patientId) => client.invalidateQueries({ queryKey: queryKeys.patients.one(patientId) }),
    onSettled: (_state, _error, patientId) => refreshConversation(client, patientId),
  });
}

export function useTransfer(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferBody) => apiRequest<ConversationState>(withId(supportPaths.transfer, patientId), { method: 'POST', body }),
    onSuccess: (state) => applyConversationState(client, state),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.patients.one(patientId) }),
    onSettled: () => refreshConversation(client, patientId),
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: queryKeys.support.cannedReplies,
    queryFn: ({ signal }) => apiRequest<{ replies: CannedReply[] }>(supportPaths.cannedReplies, { signal }).then((list) => list.replies),
  });
}

/** Adds a reply, or changes the one named by `id`. */
export function useSaveCannedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CannedReplyBody }) =>
      id
        ? apiRequest<CannedReply>(withId(supportPaths.cannedReply, id), { method: 'PUT', body })
        : apiRequest<CannedReply>(supportPaths.cannedReplies, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.support.cannedReplies }),
  });
}

export function useDeleteCannedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>(withId(supportPaths.cannedReply, id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.support.cannedReplies }),
  });
}

/** The patient's record for the side panel (the API audits the read). */
export function usePatient(patientId: string) {
  return useQuery({
    queryKey: queryKeys.patients.one(patientId),
    queryFn: ({ signal }) => apiRequest<Patient>(withId(patientPaths.patient, patientId), { signal }),
  });
}
