import { Alert, Anchor, Breadcrumbs, Button, Container, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FAQ_SEARCH_MAX, oneLineTextSchema, type FaqQuestion } from '@rozmova/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error.tsx';
import { SkeletonLine } from '../../components/skeleton-line.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { appPaths } from '../../lib/paths.ts';
import { useFaqQuestion, useFaqSearch, useFaqTopic, useFaqTopics, useVote, votedOn } from './api.ts';

function Shell({ children }: { children: ReactNode }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">{children}</Stack>
    </Container>
  );
}

function SupportLink({ question }: { question?: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" align="flex-start">
        <Text>{t('faq.stillNeedHelp')}</Text>
        <Button component={Link} to={appPaths.support(question ? { question } : {})} variant="light">
          {t('faq.writeToSupport')}
        </Button>
      </Stack>
    </Paper>
  );
}

function QuestionLinks({ questions }: { questions: FaqQuestion[] }) {
  const locale = currentLocale();
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {questions.map((question) => (
        <li key={question.id}>
          <Anchor component={Link} to={appPaths.faqQuestion(question.topicId, question.id)}>
            {question.question[locale]}
          </Anchor>
        </li>
      ))}
    </Stack>
  );
}

/** As many topics as the demo FAQ has, while they load: the support link below stays where it will be with as many. */
const SKELETON_TOPICS = 4;

function TopicsSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: SKELETON_TOPICS }, (_, index) => (
        <Paper key={index} withBorder p="md" radius="md" aria-hidden="true">
          <SkeletonLine width="45%" />
          <SkeletonLine size="sm" width="25%" />
        </Paper>
      ))}
    </Stack>
  );
}

/** `/faq`: the search (kept in `?q=`) and the topics. */
export function FaqPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [query] = useDebouncedValue(text.trim(), 300);
  // The server's rule for the words (a pasted tab or control character): refused here, not answered with a silent 400.
  const readable = oneLineTextSchema(FAQ_SEARCH_MAX).safeParse(query).success;
  const topics = useFaqTopics();
  const searching = query.length >= 2 && readable;
  const search = useFaqSearch(searching ? query : '');
  const change = (value: string) => {
    setText(value);
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value);
    else next.delete('q');
    setParams(next, { replace: true });
  };
  return (
    <Shell>
      <Title order={1}>{t('faq.title')}</Title>
      <Text>{t('faq.lead')}</Text>
      <TextInput
        type="search"
        label={t('faq.searchLabel')}
        placeholder={t('faq.searchPlaceholder')}
        value={text}
        maxLength={FAQ_SEARCH_MAX}
        error={readable ? undefined : t('errors.field.oneLineText')}
        onChange={(event) => change(event.currentTarget.value)}
      />
      <div aria-live="polite">
        {searching && search.isSuccess && (
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('faq.results', { count: search.data.length })}
            </Title>
            {search.data.length > 0 ? <QuestionLinks questions={search.data} /> : <Text>{t('faq.noResults')}</Text>}
          </Stack>
        )}
      </div>
      {searching && search.isError && <FormError error={search.error} />}
      {searching && search.isSuccess && search.data.length === 0 && <SupportLink />}
      {!searching && (
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('faq.topics')}
          </Title>
          {topics.isPending && <TopicsSkeleton />}
          {topics.isError && <FormError error={topics.error} />}
          {topics.data?.map((topic) => (
            <Paper key={topic.id} withBorder p="md" radius="md">
              <Anchor component={Link} to={appPaths.faqTopic(topic.id)} fw={600}>
                {topic.title[locale]}
              </Anchor>
              <Text size="sm" c="dimmed">
                {t('faq.questionCount', { count: topic.questionCount })}
              </Text>
            </Paper>
          ))}
          <SupportLink />
        </Stack>
      )}
    </Shell>
  );
}

function Trail({ items }: { items: { label: string; to?: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('faq.trail')}>
      <Breadcrumbs separator="›">
        {items.map((item) =>
          item.to ? (
            <Anchor key={item.label} component={Link} to={item.to}>
              {item.label}
            </Anchor>
          ) : (
            <Text key={item.label} span aria-current="page">
              {item.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

/** `/faq/:topicId`: the questions of one topic. */
export function FaqTopicPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { topicId = '' } = useParams();
  const topic = useFaqTopic(topicId);
  return (
    <Shell>
      {topic.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {topic.isError && (
        <>
          <Title order={1}>{t('faq.title')}</Title>
          <FormError error={topic.error} />
        </>
      )}
      {topic.data && (
        <>
          <Trail items={[{ label: t('faq.title'), to: appPaths.faq() }, { label: topic.data.topic.title[locale] }]} />
          <Title order={1}>{topic.data.topic.title[locale]}</Title>
          <QuestionLinks questions={topic.data.questions} />
          <SupportLink />
        </>
      )}
    </Shell>
  );
}

function Vote({ questionId }: { questionId: string }) {
  const { t } = useTranslation();
  const vote = useVote(questionId);
  const [done, setDone] = useState(() => votedOn(questionId));
  if (done || vote.isSuccess) {
    return (
      <Text role="status" c="dimmed">
        {t('faq.thanks')}
      </Text>
    );
  }
  const send = (helpful: boolean) => vote.mutate(helpful, { onSuccess: () => setDone(true) });
  return (
    <Stack gap="xs">
      <Group gap="sm" role="group" aria-labelledby="faq-vote-label">
        <Text id="faq-vote-label" fw={600}>
          {t('faq.helpful')}
        </Text>
        <Button variant="light" loading={vote.isPending && vote.variables} onClick={() => send(true)}>
          {t('faq.yes')}
        </Button>
        <Button variant="light" color="gray" loading={vote.isPending && !vote.variables} onClick={() => send(false)}>
          {t('faq.no')}
        </Button>
      </Group>
      {vote.isError && <FormError error={vote.error} />}
    </Stack>
  );
}

/** `/faq/:topicId/:questionId`: one answer, the vote and the way on to support. */
export function FaqQuestionPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const { questionId = '' } = useParams();
  const details = useFaqQuestion(questionId);
  return (
    <Shell>
      {details.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
      {details.isError && (
        <>
          <Title order={1}>{t('faq.title')}</Title>
          <Alert color="gray">{t('faq.notFound')}</Alert>
          <Anchor component={Link} to={appPaths.faq()}>
            {t('faq.allTopics')}
          </Anchor>
        </>
      )}
      {details.data && (
        <>
          <Trail
            items={[
              { label: t('faq.title'), to: appPaths.faq() },
              { label: details.data.topic.title[locale], to: appPaths.faqTopic(details.data.topic.id) },
              { label: details.data.question.question[locale] },
            ]}
          />
          <Title order={1}>{details.data.question.question[locale]}</Title>
          <Text style={{ whiteSpace: 'pre-line' }}>{details.data.question.answer[locale]}</Text>
          <Vote questionId={details.data.question.id} />
          <SupportLink question={details.data.question.question[locale]} />
        </>
      )}
    </Shell>
  );
}
