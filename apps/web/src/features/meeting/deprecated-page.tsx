import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPaths } from '../../lib/paths.ts';

/** `/meeting.deprecated`: an old meeting link. Consultations open from the cabinet or the confirmation e-mail's link. */
export function MeetingDeprecatedPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={64}>
      <Stack gap="md">
        <Title order={1}>{t('meetingDeprecated.title')}</Title>
        <Text>{t('meetingDeprecated.text')}</Text>
        <Text>{t('meetingDeprecated.where')}</Text>
        <Group gap="sm">
          <Button component={Link} to={appPaths.cabinet()}>
            {t('meetingDeprecated.cabinet')}
          </Button>
          <Button component={Link} to="?auth=login" variant="default">
            {t('meetingDeprecated.signIn')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
