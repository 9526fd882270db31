import { Button, Group, Loader, Stack, Table, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QuizQuestion } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { AdminNav } from './admin-nav.tsx';
import { LoadError } from './console-table.tsx';
import { useAdminQuizQuestions, useDeleteQuizQuestion } from './quiz-api.ts';
import { LevelRulesEditor } from './level-rules-editor.tsx';
import { QuestionModal } from './question-modal.tsx';
import { ScrollTable } from '../../components/scroll-table.tsx';

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
        <LoadError error={questions.error} />
        {questions.isPending && <Loader role="status" aria-label={t('common.loading')} />}
        {questions.data && (
          <ScrollTable label={t('adminQuiz.title')} minWidth={720}>
            <Table striped>
              <Table.Caption>{t('adminQuiz.total', { count })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('adminQuiz.number')}</Table.Th>
                  <Table.Th>{t('adminQuiz.ukrainian')}</Table.Th>
                  <Table.Th>{t('adminQuiz.english')}</Table.Th>
                  <Table.Th>{t('admin.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {questions.data.map((question) => (
                  <Table.Tr key={question.id}>
                    <Table.Td>{question.question_order}</Table.Td>
                    <Table.Td lang="uk">{question.question_text.uk}</Table.Td>
                    <Table.Td lang="en">{question.question_text.en}</Table.Td>
                    <Table.Td>
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
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Stack>
      <LevelRulesEditor />
      {editing && <QuestionModal question={editing === 'new' ? undefined : editing} count={count} onClose={() => setEditing(null)} />}
      {deleting && <ConfirmDeleteModal question={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
