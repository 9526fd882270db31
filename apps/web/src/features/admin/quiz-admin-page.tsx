import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QuizQuestion } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { AdminNav } from './admin-nav.tsx';
import { useAdminQuizQuestions, useDeleteQuizQuestion } from './quiz-api.ts';
import { LevelRulesEditor } from './level-rules-editor.tsx';
import { QuestionModal } from './question-modal.tsx';
import { ConsoleTable, type ConsoleColumn } from '../../components/console-table.tsx';

function ConfirmDeleteModal({ question, onClose }: { question: QuizQuestion; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteQuizQuestion();
  const confirm = () =>
    remove.mutate(question.id, {
      onSuccess: () => {
        notifications.show({ message: t('adminQuiz.deleted', { number: question.question_order }) });
        onClose();
      },
    });
  return (
    <ConfirmModal
      title={t('adminQuiz.deleteTitle')}
      text={t('adminQuiz.deleteText', { number: question.question_order, text: question.question_text.en })}
      confirmLabel={t('adminQuiz.delete')}
      cancelLabel={t('common.cancel')}
      confirmColor="danger"
      onConfirm={confirm}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.error}
    />
  );
}

/** /admin/quiz: the self-check questions (add, edit, delete) and the level rules. */
export function QuizAdminPage() {
  const { t } = useTranslation();
  const questions = useAdminQuizQuestions();
  const [editing, setEditing] = useState<QuizQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuizQuestion | null>(null);
  const count = questions.data?.length ?? 0;
  const columns: ConsoleColumn<QuizQuestion>[] = [
    { header: t('adminQuiz.number'), cell: (question) => question.question_order },
    { header: t('adminQuiz.ukrainian'), cell: (question) => question.question_text.uk, lang: 'uk' },
    { header: t('adminQuiz.english'), cell: (question) => question.question_text.en, lang: 'en' },
    {
      header: t('admin.actions'),
      cell: (question) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(question)}
            aria-label={t('adminQuiz.editNamed', { number: question.question_order })}
          >
            {t('adminQuiz.edit')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            color="danger"
            onClick={() => setDeleting(question)}
            aria-label={t('adminQuiz.deleteNamed', { number: question.question_order })}
          >
            {t('adminQuiz.delete')}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="xl">
      <AdminNav />
      <Stack gap="md" component="section" aria-labelledby="quiz-questions-title">
        <Group justify="space-between">
          <Title order={1} id="quiz-questions-title">
            {t('adminQuiz.title')}
          </Title>
          <Button onClick={() => setEditing('new')} disabled={!questions.data}>
            {t('adminQuiz.addQuestion')}
          </Button>
        </Group>
        <ConsoleTable
          label={t('adminQuiz.title')}
          caption={t('adminQuiz.total', { count })}
          minWidth={720}
          striped
          columns={columns}
          rows={questions.data}
          rowKey={(question) => question.id}
          error={questions.error}
        />
      </Stack>
      <LevelRulesEditor />
      {editing && <QuestionModal question={editing === 'new' ? undefined : editing} count={count} onClose={() => setEditing(null)} />}
      {deleting && <ConfirmDeleteModal question={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
