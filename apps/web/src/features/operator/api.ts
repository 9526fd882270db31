import {
  patientsApi,
  supportApi,
  type CannedReplyBody,
  type ChatPatientStatus,
  type ConversationState,
  type Operator,
  type OperatorAvailability,
  type Patient,
  type TransferBody,
} from '@rozmova/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';
import { putFresh, queryKeys } from '../../lib/query-keys.ts';

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
    queryFn: ({ signal }) => call(supportApi.inbox, { query: { holder, chat_patient_status: status, limit: INBOX_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useSupportEvents(patientId: string) {
  return useQuery({
    queryKey: queryKeys.support.events(patientId),
    queryFn: ({ signal }) => call(supportApi.events, { params: { id: patientId }, signal }).then((list) => list.events),
  });
}

export function useOperators() {
  return useQuery({
    queryKey: queryKeys.support.operators,
    queryFn: ({ signal }) => call(supportApi.operators, { signal }).then((list) => list.operators),
  });
}

/** An operator's new availability (from `operator-availability-changed` or the own PUT) in the cached list. */
export function putOperator(client: QueryClient, operator: Operator): void {
  putFresh<Operator[]>(client, queryKeys.support.operators, (list) =>
    list?.some((known) => known.id === operator.id)
      ? list.map((known) => (known.id === operator.id ? { ...known, ...operator } : known))
      : list && [...list, operator],
  );
}

export function useSetAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (availability: OperatorAvailability) => call(supportApi.setAvailability, { body: { availability } }),
    onSuccess: (operator) => putOperator(client, operator),
  });
}

/** A conversation's new holder or status (an action's answer or `chat-conversation-updated`) in the patient's record. */
export function applyConversationState(client: QueryClient, state: ConversationState): void {
  putFresh<Patient>(
    client,
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
    mutationFn: (patientId: string) => call(supportApi[action], { params: { id: patientId } }),
    onSuccess: (state) => applyConversationState(client, state),
    // Refused (someone else was first): the record is read again to show who holds it now.
    onError: (_error, patientId) => client.invalidateQueries({ queryKey: queryKeys.patients.one(patientId) }),
    onSettled: (_state, _error, patientId) => refreshConversation(client, patientId),
  });
}

export function useTransfer(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferBody) => call(supportApi.transfer, { params: { id: patientId }, body }),
    onSuccess: (state) => applyConversationState(client, state),
    onError: () => client.invalidateQueries({ queryKey: queryKeys.patients.one(patientId) }),
    onSettled: () => refreshConversation(client, patientId),
  });
}

export function useCannedReplies() {
  return useQuery({
    queryKey: queryKeys.support.cannedReplies,
    queryFn: ({ signal }) => call(supportApi.cannedReplies, { signal }).then((list) => list.replies),
  });
}

/** Adds a reply, or changes the one named by `id`. */
export function useSaveCannedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CannedReplyBody }) =>
      id ? call(supportApi.updateCannedReply, { params: { id }, body }) : call(supportApi.createCannedReply, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.support.cannedReplies }),
  });
}

export function useDeleteCannedReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(supportApi.removeCannedReply, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.support.cannedReplies }),
  });
}

/** The patient's record for the side panel (the API audits the read). */
export function usePatient(patientId: string) {
  return useQuery({
    queryKey: queryKeys.patients.one(patientId),
    queryFn: ({ signal }) => call(patientsApi.get, { params: { id: patientId }, signal }),
  });
}
