import { messagesApi, type Message, type MessageStatus } from '@rozmova/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';
import {
  applyStatus,
  applySync,
  catchUp,
  fetchOlder,
  hasGap,
  listQuery,
  mergeMessages,
  syncHistory,
  type ChatHistory,
  type ConversationRef,
  type FetchPage,
  type SyncResult,
} from './conversation.ts';

/** Statuses of messages an event named before the message itself arrived; only the newest are kept. */
const KNOWN_STATUSES_MAX = 500;

/**
 * The history held of one conversation (`key` names it and the signed-in user), and every change to it: each merges
 * by id and applies the statuses that were heard before their messages.
 */
export function useChatHistory(key: string, latestRef: RefObject<ConversationRef>, enabled: boolean) {
  const client = useQueryClient();
  const queryKey = useMemo(() => queryKeys.messages.conversation(key), [key]);
  const known = useRef(new Map<string, MessageStatus>());
  // Messages of this conversation that arrived before its first page did: merged into it.
  const early = useRef<{ key: string; messages: Message[] }>({ key, messages: [] });

  const fetchPage = useCallback<FetchPage>(
    async (page) => (await call(messagesApi.list, { query: listQuery(latestRef.current, page) })).messages,
    [latestRef],
  );

  const history = useQuery({
    queryKey,
    enabled,
    queryFn: async () => {
      const result = await syncHistory(client.getQueryData<ChatHistory>(queryKey), fetchPage);
      const arrived = early.current.key === key ? early.current.messages : [];
      early.current = { key, messages: [] };
      const current = client.getQueryData<ChatHistory>(queryKey) ?? (arrived.length ? mergeMessages(undefined, arrived) : undefined);
      return applySync(current, result, known.current);
    },
  });

  const addMessages = useCallback(
    (messages: Message[]) => {
      if (!client.getQueryData<ChatHistory>(queryKey)) {
        if (early.current.key !== key) early.current = { key, messages: [] };
        early.current.messages.push(...messages);
        return;
      }
      client.setQueryData<ChatHistory>(queryKey, (data) => data && mergeMessages(data, messages, { known: known.current }));
    },
    [client, key, queryKey],
  );

  const setStatus = useCallback(
    (ids: string[], status: MessageStatus) => {
      for (const id of ids) known.current.set(id, status);
      for (const id of known.current.keys()) {
        if (known.current.size <= KNOWN_STATUSES_MAX) break;
        known.current.delete(id);
      }
      client.setQueryData<ChatHistory>(queryKey, (data) => data && applyStatus(data, ids, status));
    },
    [client, queryKey],
  );

  const addCaughtUp = useCallback(
    (result: SyncResult) => client.setQueryData<ChatHistory>(queryKey, (data) => data && applySync(data, result, known.current)),
    [client, queryKey],
  );

  const addOlder = useCallback(
    (page: { messages: Message[]; hasOlder: boolean }) =>
      client.setQueryData<ChatHistory>(queryKey, (data) =>
        mergeMessages(data, page.messages, { known: known.current, hasOlder: page.hasOlder }),
      ),
    [client, queryKey],
  );

  return { queryKey, history, fetchPage, addMessages, setStatus, addCaughtUp, addOlder };
}

export type HeldHistory = ReturnType<typeof useChatHistory>;

/**
 * A number skipped: a message stored before the newest held has not arrived (another instance announced it late, or
 * to a connection this one replaced, or not at all). One fill at a time; the next arrival or reconnect tries again.
 */
export function useGapFill({ history, fetchPage, addCaughtUp }: HeldHistory): void {
  const filling = useRef(false);
  const { data: held, isFetching } = history;
  useEffect(() => {
    if (!held || !hasGap(held) || isFetching || filling.current) return;
    filling.current = true;
    void catchUp(held, fetchPage).then(
      (result) => {
        filling.current = false;
        addCaughtUp(result);
      },
      () => (filling.current = false),
    );
  }, [addCaughtUp, fetchPage, held, isFetching]);
}

/** Older pages, on request (the list's top reached). */
export function useOlderPages({ queryKey, fetchPage, addOlder }: HeldHistory) {
  const client = useQueryClient();
  const [older, setOlder] = useState<{ loading: boolean; failed: boolean }>({ loading: false, failed: false });
  const loadOlder = useCallback(async () => {
    const held = client.getQueryData<ChatHistory>(queryKey);
    if (!held?.hasOlder || older.loading) return;
    setOlder({ loading: true, failed: false });
    try {
      const page = await fetchOlder(held, fetchPage);
      addOlder(page);
      setOlder({ loading: false, failed: false });
    } catch {
      setOlder({ loading: false, failed: true });
    }
  }, [addOlder, client, fetchPage, older.loading, queryKey]);
  return { older, loadOlder };
}
