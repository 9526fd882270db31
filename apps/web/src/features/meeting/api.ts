import { appointmentsApi, feedbackApi, meetingsApi, type CreateFeedbackBody, type MeetingReportBody } from '@rozmova/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api-client.ts';
import { putFresh, queryKeys } from '../../lib/query-keys.ts';

/** The consultation of a room; only its patient and its doctor get it (anyone else: 404, like an unknown room). */
export function useRoomAppointment(roomId: string) {
  return useQuery({
    queryKey: queryKeys.appointments.byRoom(roomId),
    queryFn: ({ signal }) => call(appointmentsApi.byRoom, { params: { id: roomId }, signal }),
    retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

/** Opens the meeting (the consultation becomes `running`); 409 MEETING_NOT_OPEN before 10 minutes to the start. */
export function useJoinMeeting(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (appointmentId: string) => call(appointmentsApi.joinMeeting, { params: { id: appointmentId } }),
    onSuccess: (appointment) => putFresh(client, queryKeys.appointments.byRoom(roomId), appointment),
  });
}

/** STUN and TURN with short-lived credentials, asked for each peer connection and never stored. */
export async function fetchIceServers(roomId: string): Promise<RTCIceServer[]> {
  const { iceServers } = await call(meetingsApi.iceServers, { params: { id: roomId } });
  return iceServers;
}

export function useReportProblem(roomId: string) {
  return useMutation({
    mutationFn: (body: MeetingReportBody) => call(meetingsApi.report, { params: { id: roomId }, body }),
  });
}

/** The doctor reviews the person wrote: one per consultation. */
export function useDoctorReviews(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.feedback.doctorReviewsOf(userId),
    queryFn: ({ signal }) => call(feedbackApi.ofUser, { params: { id: userId }, query: { type: 'doctor' }, signal }),
    enabled,
  });
}

export function useSendDoctorFeedback(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFeedbackBody) => call(feedbackApi.create, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.feedback.doctorReviewsOf(userId) }),
  });
}
