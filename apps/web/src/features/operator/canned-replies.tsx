import { Button, Group, Loader, Menu, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CANNED_REPLY_TITLE_MAX, MESSAGE_TEXT_MAX, type CannedReply } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal.tsx';
import { FormError } from '../../components/form-error.tsx';
import { MutationForm } from '../../components/mutation-form.tsx';
import { useCannedReplies, useDeleteCannedReply, useSaveCannedReply } from './api.ts';

/** The operator's own canned replies: add, edit and delete, in one dialog. */
export function CannedRepliesModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const replies = useCannedReplies();
  // `null`: the form adds a reply; a reply: the form edits it.
  const [editing, setEditing] = useState<CannedReply | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  return (
    <Modal opened onClose={onClose} title={t('operator.canned.title')} size="lg">
      <Stack gap="lg">
        <FormError error={replies.error} />
        {replies.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
        {replies.data?.length === 0 && <Text>{t('operator.canned.empty')}</Text>}
        {replies.data && replies.data.length > 0 && (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('operator.canned.listLabel')}>
            {replies.data.map((reply) => (
              <Group component="li" key={reply.id} justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {reply.title}
                  </Text>
                  <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {reply.text}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setEditing(reply)}
                    aria-label={t('operator.canned.editNamed', { title: reply.title })}
                  >
                    {t('operator.canned.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="danger"
                    onClick={() => setDeleting(reply)}
                    aria-label={t('operator.canned.deleteNamed', { title: reply.title })}
                  >
                    {t('operator.canned.delete')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        <CannedReplyForm key={editing?.id ?? 'new'} reply={editing} onDone={() => setEditing(null)} />
      </Stack>
      {deleting && <DeleteReplyModal reply={deleting} onClose={() => setDeleting(null)} />}
    </Modal>
  );
}

interface CannedReplyFormProps {
  /** The reply to edit; null adds one. */
  reply: CannedReply | null;
  /** A new reply's text to start from (what the operator wrote in the message box). */
  draft?: string;
  onDone: (saved?: CannedReply) => void;
  /** The form is a dialog of its own (from the message box), not a part of the manager. */
  standalone?: boolean;
}

function CannedReplyForm({ reply, draft = '', onDone, standalone = false }: CannedReplyFormProps) {
  const { t } = useTranslation();
  const save = useSaveCannedReply();
  const form = useForm({
    initialValues: { title: reply?.title ?? '', text: reply?.text ?? draft },
    validate: {
      title: (value) => (value.trim() ? null : t('operator.canned.titleRequired')),
      text: (value) => (value.trim() ? null : t('operator.canned.textRequired')),
    },
  });
  return (
    <MutationForm
      form={form}
      mutation={save}
      toVariables={({ title, text }) => ({ id: reply?.id, body: { title: title.trim(), text: text.trim() } })}
      onSuccess={(saved) => {
        form.reset();
        onDone(saved);
      }}
      submitLabel={t(reply || standalone ? 'operator.canned.saveEdit' : 'operator.canned.add')}
      cancel={reply || standalone ? { label: t('common.cancel'), onClick: () => onDone() } : undefined}
    >
      {!standalone && (
        <Text fw={600} component="h3" fz="md" m={0}>
          {t(reply ? 'operator.canned.editTitle' : 'operator.canned.addTitle')}
        </Text>
      )}
      <TextInput
        label={t('operator.canned.replyTitle')}
        description={standalone ? t('operator.canned.titleHint') : undefined}
        required
        maxLength={CANNED_REPLY_TITLE_MAX}
        data-autofocus={standalone || undefined}
        {...form.getInputProps('title')}
      />
      <Textarea
        label={t('operator.canned.text')}
        required
        autosize
        minRows={3}
        maxRows={10}
        maxLength={MESSAGE_TEXT_MAX}
        {...form.getInputProps('text')}
      />
    </MutationForm>
  );
}

function DeleteReplyModal({ reply, onClose }: { reply: CannedReply; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteCannedReply();
  return (
    <ConfirmModal
      title={t('operator.canned.deleteTitle')}
      text={t('operator.canned.deleteText', { title: reply.title })}
      confirmLabel={t('operator.canned.delete')}
      cancelLabel={t('common.cancel')}
      confirmColor="danger"
      focusCancel
      onConfirm={() => remove.mutate(reply.id, { onSuccess: onClose })}
      onClose={onClose}
      pending={remove.isPending}
      error={remove.error}
    />
  );
}

interface CannedReplyToolsProps {
  onInsert: (text: string) => void;
  onManage: () => void;
  /** What is written in the message box now. */
  written: string;
  /** Keep `written` as a new canned reply (the dialog is rendered outside the message box's form). */
  onSaveAs: (text: string) => void;
}

/**
 * Beside the composer: puts one of the operator's canned replies into it (the menu's last item opens the manager), and
 * offers to keep what is written as a new one.
 */
export function CannedReplyTools({ onInsert, onManage, written, onSaveAs }: CannedReplyToolsProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <CannedReplyMenu onInsert={onInsert} onManage={onManage} />
      <Button variant="default" size="xs" disabled={!written.trim()} onClick={() => onSaveAs(written.trim())}>
        {t('operator.canned.saveAs')}
      </Button>
    </Group>
  );
}

/** What the operator wrote, kept as a new canned reply under a short title it gives here. */
export function SaveCannedReplyModal({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('operator.canned.saveAsTitle')}>
      <CannedReplyForm
        reply={null}
        draft={text}
        standalone
        onDone={(saved) => {
          onClose();
          if (saved) notifications.show({ message: t('operator.canned.saved', { title: saved.title }) });
        }}
      />
    </Modal>
  );
}

function CannedReplyMenu({ onInsert, onManage }: Pick<CannedReplyToolsProps, 'onInsert' | 'onManage'>) {
  const { t } = useTranslation();
  const replies = useCannedReplies();
  return (
    <Menu position="top-start" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs">
          {t('operator.canned.insert')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={360}>
        {replies.data?.map((reply) => (
          <Menu.Item key={reply.id} onClick={() => onInsert(reply.text)}>
            {reply.title}
          </Menu.Item>
        ))}
        {replies.data?.length === 0 && <Menu.Label>{t('operator.canned.empty')}</Menu.Label>}
        <Menu.Divider />
        <Menu.Item onClick={onManage}>{t('operator.canned.manage')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
