import { Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { appPaths } from '../../lib/paths.ts';

/**
 * `/` in APP_MODE=doctor: the staff's way in. The sign-in itself is the login dialog (with its second step for staff),
 * and a signed-in person goes straight to their console.
 */
export function StaffSignInPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (user) return <Navigate to={appPaths.homeOf(user.user_role)} replace />;
  return (
    <Container size="xs" py={{ base: 48, md: 96 }}>
      <Card withBorder padding="xl" component="section" aria-labelledby="staff-sign-in-title">
        <Stack gap="md" align="flex-start">
          <Title order={1} id="staff-sign-in-title">
            {t('modes.staffSignIn.title')}
          </Title>
          <Text>{t('modes.staffSignIn.text')}</Text>
          <Button component={Link} to="?auth=login" size="md">
            {t('modes.staffSignIn.button')}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
