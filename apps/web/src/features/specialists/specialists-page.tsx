import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { Doctor } from '@rozmova/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DoctorList } from '../../components/doctor-list.tsx';
import { SpecialisationSelect } from '../../components/specialisation-select.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { specialisationOf, useDoctors } from '../../lib/doctors.ts';
import { appPaths } from '../../lib/paths.ts';
import { showsPatientCalls } from '../../lib/runtime-config.ts';

// The booking form (its fields, slot picker and checks) loads when a visitor presses "Book", not with the page.
const LandingBookingModal = lazy(() => import('./landing-booking-modal.tsx').then((m) => ({ default: m.LandingBookingModal })));

/** /our-specialists: the doctors from the doctors' data, each with "Book". */
export function SpecialistsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const specialisation = specialisationOf(params.get('specialisation'));
  const doctors = useDoctors({ specialisation });
  const [booking, setBooking] = useState<Doctor | null>(null);
  const isPatient = Boolean(user?.role_specific_data.patient);

  const book = (doctor: Doctor) => {
    if (isPatient) void navigate(appPaths.bookingStep(2, { doctor: doctor.id }));
    else setBooking(doctor);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t('specialists.title')}</Title>
        <Text fz="lg">{t('specialists.lead')}</Text>
        <Group align="flex-end" gap="md">
          <SpecialisationSelect
            value={specialisation}
            onChange={(value) => setParams(value ? { specialisation: value } : {}, { replace: true })}
            style={{ flex: '0 1 18rem' }}
          />
          <Button component={Link} to={appPaths.prices} variant="default">
            {t('specialists.seePrices')}
          </Button>
        </Group>
        <DoctorList
          doctors={doctors}
          cols={{ base: 1, sm: 2, lg: 3 }}
          actions={(doctor) =>
            (!user || isPatient) &&
            showsPatientCalls() && (
              <Button onClick={() => book(doctor)} aria-label={t('specialists.bookNamed', { name: doctor.user_name })}>
                {t('specialists.bookButton')}
              </Button>
            )
          }
        />
      </Stack>
      {booking && (
        <Suspense fallback={null}>
          <LandingBookingModal doctor={booking} onClose={() => setBooking(null)} />
        </Suspense>
      )}
    </Container>
  );
}
