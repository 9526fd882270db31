import { Button, Container, List, Stack, Table, Text, Title } from '@mantine/core';
import { PATIENT_CHANGE_LIMIT_MINUTES, PATIENT_REFUND_LIMIT_HOURS, PAYMENT_HOLD_MINUTES, specialisations } from '@rozmova/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../components/form-error.tsx';

import { specialisationText, useDoctors } from '../../lib/doctors.ts';
import { priceRanges } from './prices.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { appPaths } from '../../lib/paths.ts';
import { ScrollTable } from '../../components/scroll-table.tsx';
import { showsPatientCalls } from '../../lib/runtime-config.ts';
import { SkeletonLine } from '../../components/skeleton-line.tsx';
import { priceText } from '../../lib/format.ts';

const TABLE_MIN_WIDTH = 320;

/** The table of prices around its rows: the caption and the column headings. */
function PricesTable({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder>
      <Table.Caption>{t('specialists.prices.caption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('specialists.prices.specialisation')}</Table.Th>
          <Table.Th scope="col">{t('specialists.prices.price')}</Table.Th>
          <Table.Th scope="col">{t('specialists.prices.length')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}

/**
 * The table while the doctors load: a row for every specialisation there is, as tall as its name (there, hidden) makes
 * it. What follows moves only by a specialisation nobody offers or a price range that takes a second line.
 */
function PricesSkeleton() {
  const { t, i18n } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')}>
      <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH} type="native" aria-hidden="true">
        <PricesTable>
          {specialisations.map((specialisation) => (
            <Table.Tr key={specialisation}>
              <Table.Th scope="row" fw={500} style={{ visibility: 'hidden' }}>
                {specialisationText(specialisation, i18n.resolvedLanguage ?? 'en')}
              </Table.Th>
              <Table.Td>
                <SkeletonLine size="sm" width="70%" />
              </Table.Td>
              <Table.Td>
                <SkeletonLine size="sm" width="60%" />
              </Table.Td>
            </Table.Tr>
          ))}
        </PricesTable>
      </Table.ScrollContainer>
    </div>
  );
}

/** /prices: the price and length of a consultation per specialisation, from the doctors' data. */
export function PricesPage() {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const doctors = useDoctors();
  const ranges = doctors.data ? priceRanges(doctors.data) : [];
  const money = (kopiyky: number) => (kopiyky > 0 ? priceText(kopiyky, locale) : t('specialists.free'));

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('specialists.prices.title')}</Title>
        <Text fz="lg">{t('specialists.prices.lead')}</Text>
        {doctors.error ? (
          <FormError error={doctors.error} />
        ) : !doctors.data ? (
          <PricesSkeleton />
        ) : ranges.length === 0 ? (
          <Text>{t('specialists.prices.none')}</Text>
        ) : (
          <ScrollTable label={t('specialists.prices.caption')} minWidth={TABLE_MIN_WIDTH}>
            <PricesTable>
              {ranges.map((range) => (
                <Table.Tr key={range.specialisation}>
                  <Table.Th scope="row" fw={500}>
                    {specialisationText(range.specialisation, locale)}
                  </Table.Th>
                  <Table.Td>
                    {range.minPrice === range.maxPrice
                      ? money(range.minPrice)
                      : t('specialists.prices.range', { from: money(range.minPrice), to: money(range.maxPrice) })}
                  </Table.Td>
                  <Table.Td>
                    {range.minMinutes === range.maxMinutes
                      ? t('specialists.minutes', { count: range.minMinutes })
                      : t('specialists.prices.minutesRange', { from: range.minMinutes, to: range.maxMinutes })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </PricesTable>
          </ScrollTable>
        )}
        <SectionCard title={t('specialists.prices.freeTitle')} titleId="prices-free-title" gap="xs">
          <Text>{t('specialists.prices.freeText')}</Text>
        </SectionCard>
        <SectionCard title={t('specialists.prices.termsTitle')} titleId="prices-terms-title" gap="xs">
          <List spacing="xs">
            <List.Item>{t('specialists.prices.termsPay', { minutes: PAYMENT_HOLD_MINUTES })}</List.Item>
            <List.Item>{t('specialists.prices.termsRefund', { hours: PATIENT_REFUND_LIMIT_HOURS })}</List.Item>
            <List.Item>{t('specialists.prices.termsChange', { hours: PATIENT_CHANGE_LIMIT_MINUTES / 60 })}</List.Item>
          </List>
        </SectionCard>
        {showsPatientCalls() && (
          <div>
            <Button component={Link} to={appPaths.specialists()}>
              {t('specialists.prices.seeSpecialists')}
            </Button>
          </div>
        )}
      </Stack>
    </Container>
  );
}
