import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { Appointment, MeetingRole } from '@rozmova/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appointmentDateText } from '../../lib/appointment-dates.ts';
import { appPaths } from '../../lib/paths.ts';
import { useDoctorReviews } from './api.ts';
import { FeedbackModal } from './feedback-modal.tsx';

interface Props {
  appointment: Appointment;
  role: MeetingRole;
  userId: string;
  /** The consultation ended while the patient was in the room: the feedback form opens by itself. */
  askFeedback: boolean;
}

/** A cancelled or completed consultation's room: what happened, the doctor's advice, and the patient's rating. */
export function ClosedConsultation({ appointment, role, userId, askFeedback }: Props) {
  const { t, i18n } = useTranslation();
  const completed = appointment.appointment_status === 'completed';
  const patient = role === 'patient';
  const reviews = useDoctorReviews(userId, completed && patient);
  const rated = reviews.data?.feedback.some((review) => 'appointment_id' in review && review.appointment_id === appointment.id) ?? false;
  const canRate = completed && patient && reviews.isSuccess && !rated;
  // Opened by itself once (the consultation ended in the room), or by the button; it stays open for its thank-you.
  const [feedback, setFeedback] = useState<'auto' | 'open' | 'closed'>('auto');
  if (feedback === 'auto' && askFeedback && canRate) setFeedback('open');
  const doctorName = appointment.doctor.user_name;

  return (
    <div className="meeting-room" data-testid="meeting-room" data-call-state="ended">
      <Container size="sm" py={48}>
        <Stack gap="md">
          <Title order={1}>{t(completed ? 'meeting.closed.completedTitle' : 'meeting.closed.canceledTitle')}</Title>
          <Text>
            {t(patient ? 'meeting.closed.withDoctor' : 'meeting.closed.withPatient', {
              name: patient ? doctorName : appointment.patient.user_name,
              date: appointmentDateText(appointment.appointment_date, i18n.resolvedLanguage ?? 'en'),
            })}
          </Text>
          <Text>
            {t(
              completed ? (patient ? 'meeting.closed.completedText' : 'meeting.closed.completedTextDoctor') : 'meeting.closed.canceledText',
            )}
          </Text>
          {completed && patient && appointment.appointment_advice && (
            <Card withBorder component="section" aria-labelledby="meeting-advice-title">
              <Title order={2} fz="lg" id="meeting-advice-title" mb="xs">
                {t('meeting.closed.advice', { name: doctorName })}
              </Title>
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{appointment.appointment_advice}</Text>
            </Card>
          )}
          {completed && patient && rated && <Text>{t('meeting.closed.rated')}</Text>}
          <Group gap="sm">
            {canRate && <Button onClick={() => setFeedback('open')}>{t('meeting.closed.rate')}</Button>}
            <Button component={Link} to={patient ? appPaths.cabinet() : appPaths.doctor} variant={canRate ? 'default' : 'filled'}>
              {t(patient ? 'meeting.closed.cabinet' : 'meeting.closed.console')}
            </Button>
          </Group>
        </Stack>
      </Container>
      {feedback === 'open' && <FeedbackModal appointment={appointment} userId={userId} onClose={() => setFeedback('closed')} />}
    </div>
  );
}
