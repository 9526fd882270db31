import { Anchor, Button, Checkbox, Container, Fieldset, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPaths } from '../../lib/paths.ts';
import type { ConsentAnswers, ConsentCategory } from './consent-store.ts';
import './cookie-banner.css';

interface CookieBannerProps {
  offered: readonly ConsentCategory[];
  /** The choice kept now (ticked when the banner is opened again); nothing is ticked on a first visit. */
  current: ConsentAnswers;
  /** Opened from "Cookie settings": the banner takes the focus, and hands it back when closed. */
  takeFocus: boolean;
  onDecide: (answers: ConsentAnswers) => void;
}

/**
 * The cookie choice: a band at the foot of the window, not a dialog, so the page stays usable. "Accept all" and
 * "Reject all" are the same button, side by side (EDPB cookie banner taskforce); "Choose" shows a box per category.
 */
export function CookieBanner({ offered, current, takeFocus, onDecide }: CookieBannerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const region = useRef<HTMLElement>(null);
  const [choosing, setChoosing] = useState(false);
  const [answers, setAnswers] = useState<ConsentAnswers>(current);
  const firstBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!takeFocus) return;
    const before = document.activeElement;
    region.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [takeFocus]);

  // "Choose" gives way to "Save my choice": the focus goes to the first box rather than to the top of the page.
  useEffect(() => {
    if (choosing) firstBox.current?.focus();
  }, [choosing]);

  const all = (value: boolean) => Object.fromEntries(offered.map((category) => [category, value])) as ConsentAnswers;
  const text = offered.length === 2 ? 'both' : offered[0]!;

  return (
    <section ref={region} className="cookie-banner" aria-labelledby={titleId} tabIndex={-1}>
      <Container size="lg" py="md">
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {t('consent.title')}
          </Title>
          <Text size="sm">
            {t(`consent.text.${text}`)} {t('consent.promise')}{' '}
            <Anchor component={Link} to={appPaths.privacy} inherit>
              {t('nav.privacy')}
            </Anchor>
          </Text>
          {choosing && (
            <Fieldset legend={t('consent.categories')} variant="unstyled">
              <Stack gap="xs">
                {offered.map((category, index) => (
                  <Checkbox
                    key={category}
                    ref={index === 0 ? firstBox : undefined}
                    label={t(`consent.${category}.label`)}
                    description={t(`consent.${category}.description`)}
                    checked={answers[category] === true}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setAnswers((previous) => ({ ...previous, [category]: checked }));
                    }}
                  />
                ))}
              </Stack>
            </Fieldset>
          )}
          <div className="cookie-banner__actions">
            <Button onClick={() => onDecide(all(true))}>{t('consent.acceptAll')}</Button>
            <Button onClick={() => onDecide(all(false))}>{t('consent.rejectAll')}</Button>
            {choosing ? (
              <Button onClick={() => onDecide(answers)}>{t('consent.save')}</Button>
            ) : (
              <Button onClick={() => setChoosing(true)}>{t('consent.choose')}</Button>
            )}
          </div>
        </Stack>
      </Container>
    </section>
  );
}
