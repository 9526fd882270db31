import type { QuizQuestion, QuizResult } from '@rozmova/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { nextIndex, previousIndex, toResults, writeDraft, type QuizDraft } from '../../lib/quiz.ts';
import { useLatest } from '../../lib/use-latest.ts';

/** idle: nothing to send yet; saving; saved on the server; local: kept on this device only until the connection is back. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'local';

const SAVE_DELAY_MS = 800;

interface Options {
  storageKey: string;
  questions: QuizQuestion[];
  initial: QuizDraft;
  /** Sends the answers so far to the server (debounced, one call at a time); absent for a visitor. */
  save?: (results: QuizResult[]) => Promise<unknown>;
  /** The initial answers are not on the server yet (e.g. restored from this device). */
  unsynced?: boolean;
}

/**
 * A quiz in progress: every answer and move is written to local storage at once and, signed in, sent to the server
 * shortly after; a failed send is retried on the next answer and when the browser is back online.
 */
export function useQuizRun({ storageKey, questions, initial, save, unsynced = false }: Options) {
  const [draft, setDraft] = useState<QuizDraft>(initial);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const chain = useRef<Promise<void>>(Promise.resolve());
  const dirty = useRef(unsynced);
  const saveRef = useLatest(save);

  const flush = useCallback((): Promise<void> => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const send = saveRef.current;
    if (!send || !dirty.current) return chain.current;
    const results = toResults(questions, latest.current.answers);
    if (results.length === 0) return chain.current;
    dirty.current = false;
    setSaveState('saving');
    chain.current = chain.current.then(() =>
      send(results).then(
        () => setSaveState((state) => (dirty.current ? state : 'saved')),
        () => {
          dirty.current = true;
          setSaveState('local');
        },
      ),
    );
    return chain.current;
  }, [questions, saveRef]);

  const update = (next: QuizDraft, changedAnswers: boolean) => {
    latest.current = next;
    setDraft(next);
    writeDraft(storageKey, next);
    if (changedAnswers && saveRef.current) {
      dirty.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    }
  };

  // Answers restored from this device go to the server; so do answers that could not be sent, once online again.
  useEffect(() => {
    if (dirty.current) void flush();
    const retry = () => void flush();
    window.addEventListener('online', retry);
    return () => {
      window.removeEventListener('online', retry);
      // Leaving the page: a pending save is sent now instead of being dropped.
      if (timer.current !== undefined) void flush();
    };
  }, [flush]);

  const count = questions.length;
  return {
    answers: draft.answers,
    /** How many of the questions have an answer. */
    answered: toResults(questions, draft.answers).length,
    index: Math.min(draft.index, Math.max(count - 1, 0)),
    saveState,
    answer: (questionId: string, answerId: string) =>
      update({ ...latest.current, answers: { ...latest.current.answers, [questionId]: answerId } }, true),
    back: () => update({ ...latest.current, index: previousIndex(latest.current.index) }, false),
    next: () => update({ ...latest.current, index: nextIndex(latest.current.index, count) }, false),
    /** Marks the draft finished (a visitor's answers waiting for an account) or not. */
    setFinished: (finished: boolean) => update({ ...latest.current, finished }, false),
    /**
     * Before completing: drops the pending save (the completion sends every answer) and waits for the one in flight,
     * so no late save clears the completed flag.
     */
    settle: (): Promise<void> => {
      clearTimeout(timer.current);
      timer.current = undefined;
      dirty.current = false;
      return chain.current;
    },
  };
}
