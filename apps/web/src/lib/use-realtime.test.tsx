import { realtimeEvents } from '@rozmova/contracts';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentRealtime, type RealtimeConnection } from './realtime-connection.ts';
import { useRealtimeConnection, useRealtimeEvent } from './use-realtime.ts';

/** A connection the test drives as the server would: events to its listeners, reconnects. */
function fakeConnection(token = 'session-1') {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const reconnects = new Set<() => void>();
  const connection = {
    token,
    connected: true,
    on: (event: string, handler: (payload: unknown) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(handler);
      return () => void listeners.get(event)!.delete(handler);
    },
    onReconnect: (handler: () => void) => {
      reconnects.add(handler);
      return () => void reconnects.delete(handler);
    },
    onConnectionChange: () => () => {},
    emit: () => {},
    emitWithAck: () => Promise.reject(new Error('not in this test')),
    close: () => {},
  } as unknown as RealtimeConnection;
  return {
    connection,
    send: (event: string, payload: unknown) => act(() => listeners.get(event)?.forEach((handler) => handler(payload))),
    reconnect: () => act(() => reconnects.forEach((handler) => handler())),
    listening: (event: string) => listeners.get(event)?.size ?? 0,
  };
}

afterEach(() => act(() => setCurrentRealtime(null)));

/** A doctor console's typing line: the latest typing event, and how many reconnects it heard. */
function Typing({ prefix }: { prefix: string }) {
  const [typing, setTyping] = useState('nobody');
  const [reconnects, setReconnects] = useState(0);
  const connection = useRealtimeConnection();
  useRealtimeEvent(
    realtimeEvents.chatTyping,
    (payload) => setTyping(`${prefix} ${JSON.stringify(payload)}`),
    () => setReconnects((count) => count + 1),
  );
  return (
    <p>
      {connection ? `connected as ${connection.token}` : 'offline'}; {typing}; reconnects {reconnects}
    </p>
  );
}

describe('listening to the tab’s realtime connection', () => {
  it('waits for the connection, then hears its events and reconnects', () => {
    const server = fakeConnection();
    render(<Typing prefix="heard" />);
    expect(screen.getByText(/^offline; nobody/)).toBeInTheDocument();
    act(() => setCurrentRealtime(server.connection));
    expect(screen.getByText(/^connected as session-1/)).toBeInTheDocument();
    server.send(realtimeEvents.chatTyping, { conversationId: 'c1', typing: true });
    expect(screen.getByText('connected as session-1; heard {"conversationId":"c1","typing":true}; reconnects 0')).toBeInTheDocument();
    server.reconnect();
    expect(screen.getByText(/reconnects 1$/)).toBeInTheDocument();
  });

  it('uses the newest handler without subscribing again', () => {
    const server = fakeConnection();
    act(() => setCurrentRealtime(server.connection));
    const on = vi.spyOn(server.connection, 'on');
    const { rerender } = render(<Typing prefix="first" />);
    rerender(<Typing prefix="second" />);
    server.send(realtimeEvents.chatTyping, { typing: false });
    expect(screen.getByText(/second \{"typing":false\}/)).toBeInTheDocument();
    expect(on).toHaveBeenCalledTimes(1);
  });

  it('stops listening when the page goes, and moves to a new connection (a new session)', () => {
    const first = fakeConnection('session-1');
    const second = fakeConnection('session-2');
    act(() => setCurrentRealtime(first.connection));
    const { unmount } = render(<Typing prefix="heard" />);
    expect(first.listening(realtimeEvents.chatTyping)).toBe(1);
    act(() => setCurrentRealtime(second.connection));
    expect(first.listening(realtimeEvents.chatTyping)).toBe(0);
    expect(second.listening(realtimeEvents.chatTyping)).toBe(1);
    expect(screen.getByText(/^connected as session-2/)).toBeInTheDocument();
    unmount();
    expect(second.listening(realtimeEvents.chatTyping)).toBe(0);
  });

  it('a closing connection that is no longer the current one changes nothing', () => {
    const first = fakeConnection('session-1');
    const second = fakeConnection('session-2');
    act(() => setCurrentRealtime(first.connection));
    act(() => setCurrentRealtime(second.connection));
    render(<Typing prefix="heard" />);
    act(() => setCurrentRealtime(null, first.connection));
    expect(screen.getByText(/^connected as session-2/)).toBeInTheDocument();
    act(() => setCurrentRealtime(null, second.connection));
    expect(screen.getByText(/^offline/)).toBeInTheDocument();
  });
});
