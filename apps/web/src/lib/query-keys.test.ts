import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { putFresh } from './query-keys.ts';

type Record = { holder: string | null };

/** A server whose reads answer what it held when they started, once the test lets them. */
function slowServer() {
  const state: Record = { holder: null };
  const waiting: (() => void)[] = [];
  return {
    state,
    read: () => {
      const answer = { ...state };
      return new Promise<Record>((resolve) => waiting.push(() => resolve(answer)));
    },
    answerAll: async () => {
      while (waiting.length > 0) waiting.shift()!();
      await new Promise((resolve) => setTimeout(resolve));
    },
  };
}

describe('putting a newer state into the cache', () => {
  it('a read in flight from before the change does not bring the old state back', async () => {
    const client = new QueryClient();
    const server = slowServer();
    const observer = new QueryObserver(client, { queryKey: ['patient'], queryFn: server.read });
    const stop = observer.subscribe(() => undefined);
    await server.answerAll();
    expect(client.getQueryData(['patient'])).toEqual({ holder: null });

    // A reconnect reads the record again; the claim is answered while that read is on its way.
    void observer.refetch();
    server.state.holder = 'me';
    putFresh<Record>(client, ['patient'], (record) => record && { ...record, holder: 'me' });
    expect(client.getQueryData(['patient'])).toEqual({ holder: 'me' });
    await server.answerAll();
    await server.answerAll();
    expect(client.getQueryData(['patient'])).toEqual({ holder: 'me' });
    stop();
  });

  it('with no read in flight it only puts the state, asking the server nothing', async () => {
    const client = new QueryClient();
    let reads = 0;
    client.setQueryData<Record>(['patient'], { holder: null });
    const observer = new QueryObserver(client, {
      queryKey: ['patient'],
      queryFn: () => (reads++, Promise.resolve({ holder: null })),
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    putFresh<Record>(client, ['patient'], (record) => record && { ...record, holder: 'me' });
    await new Promise((resolve) => setTimeout(resolve));
    expect(client.getQueryData(['patient'])).toEqual({ holder: 'me' });
    expect(reads).toBe(0);
    stop();
  });
});
