/** The authorization walk's table: who may call what (test/walk-authorization.ts checks every cell). */

export const identities = [
  'anonymous',
  'patient',
  'otherPatient',
  'operator',
  'doctor',
  'otherDoctor',
  'admin',
  'applicant',
  'landing',
  'preClaim',
] as const;
export type Identity = (typeof identities)[number];
type Row = Record<Identity, number>;

const everyone = (status: number): Row => ({
  anonymous: status,
  patient: status,
  otherPatient: status,
  operator: status,
  doctor: status,
  otherDoctor: status,
  admin: status,
  applicant: status,
  landing: status,
  preClaim: status,
});
/**
 * Signed-in routes refuse an applicant (role `none`) unless the row says otherwise: it has only its application. They
 * refuse an unclaimed landing session too (403 `EMAIL_NOT_VERIFIED`) unless the route is its booking's, and a
 * session from before a claim is signed out (401) everywhere.
 */
const signedIn = (status: number): Row => ({ ...everyone(status), anonymous: 401, applicant: 403, landing: 403, preClaim: 401 });
const adminOnly = (status: number): Row => ({ ...everyone(403), anonymous: 401, preClaim: 401, admin: status });
const supportStaff = (status: number): Row => ({ ...signedIn(403), operator: status, admin: status });
const staffOnly = (status: number): Row => ({ ...supportStaff(status), doctor: status, otherDoctor: status });

/**
 * Who may call what. "patient" is the account the request is about (the owner: `:id` is its user id);
 * "otherPatient" is a different patient. "doctor" is the owner's doctor (a completed consultation with it);
 * "otherDoctor" is a doctor who is not. "landing" is the session a landing-page booking handed out, its e-mail not
 * proved yet: on its booking's routes it is another patient (404 for the owner's things), elsewhere 403, and a visitor
 * on routes open to anyone. "preClaim" is such a session after the e-mail's owner signed up: signed out, so a visitor
 * on open routes and 401 on the rest. The /v1/auth/* routes always act on the caller itself.
 */
export const expected: Record<string, Row> = {
  'POST /v1/auth/login': everyone(200),
  'POST /v1/auth/logout': { ...signedIn(204), applicant: 204, landing: 204 },
  'POST /v1/verification-codes/register/send-code': everyone(204),
  'POST /v1/verification-codes/recover-pass/send-code': everyone(204),
  'POST /v1/verification-codes/check-code': everyone(200),
  'POST /v1/auth/register-patient': everyone(201),
  'POST /v1/auth/verify-password': { ...signedIn(204), applicant: 204 },
  'GET /v1/auth/profile': { ...signedIn(200), applicant: 200, landing: 200 },
  'PUT /v1/auth/profile': { ...signedIn(200), applicant: 200 },
  'DELETE /v1/auth/profile': { ...signedIn(204), applicant: 204 },
  // Signed in with { password }: every test account already has one, so 409 shows the call got through; an unclaimed
  // session proves the e-mail with a code first (403).
  'POST /v1/auth/setup-password': { ...signedIn(409), applicant: 409 },
  'POST /v1/admin/users': adminOnly(201),
  'GET /v1/admin/users': adminOnly(200),
  'PATCH /v1/admin/users/:id': adminOnly(200),
  'POST /v1/contact': everyone(204),
  // Documents: the owner's own; other patients and doctors not the owner's get 404; admins and the owner's doctor review.
  'GET /v1/user-references/list-and-count-my': { ...signedIn(403), patient: 200, otherPatient: 200 },
  'POST /v1/user-references/create-my': { ...signedIn(403), patient: 201, otherPatient: 201 },
  'PATCH /v1/user-references/:id': { ...signedIn(403), otherPatient: 404, doctor: 200, otherDoctor: 404, admin: 200 },
  'DELETE /v1/user-references/:id/my': { ...signedIn(403), patient: 200, otherPatient: 404 },
  'GET /v1/user-references/:id/file': {
    ...signedIn(403),
    patient: 200,
    otherPatient: 404,
    operator: 200,
    doctor: 200,
    otherDoctor: 404,
    admin: 200,
  },
  'GET /v1/patients/:id/user-references': { ...signedIn(403), operator: 200, doctor: 200, otherDoctor: 404, admin: 200 },
  // Feedback: the owner's unpublished quiz feedback is seen by its author and admins only.
  'POST /v1/feedback': signedIn(201),
  'GET /v1/feedback': everyone(200),
  'GET /v1/feedback/user/:id': { ...signedIn(403), patient: 200, admin: 200 },
  'POST /v1/feedback/user/:id': { ...signedIn(403), patient: 201, admin: 201 },
  'GET /v1/feedback/:id': { ...everyone(404), patient: 200, admin: 200 },
  'PUT /v1/feedback/:id': { ...signedIn(404), patient: 200, admin: 200 },
  'DELETE /v1/feedback/:id': { ...signedIn(404), patient: 204, admin: 204 },
  'GET /v1/quizz': everyone(200),
  'POST /v1/quizz': adminOnly(201),
  'PUT /v1/quizz/:id': adminOnly(200),
  'DELETE /v1/quizz/:id': adminOnly(204),
  'GET /v1/quizz/level-rules': everyone(200),
  'PUT /v1/quizz/level-rules': adminOnly(200),
  // The owner's record and card: operators, admins and the owner's doctor read them; another patient or another doctor
  // is told they do not exist (404), not refused.
  'GET /v1/patients/:id': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  'GET /v1/patients-cards/:id': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  // Only the owner sets its push token and answers its quiz; staff may not (an admin only sets free consultations).
  'PUT /v1/patients/:id': { ...signedIn(403), patient: 200, otherPatient: 404, otherDoctor: 404 },
  'PUT /v1/patients-cards/:id': { ...signedIn(403), patient: 200, otherPatient: 404, otherDoctor: 404 },
  // A doctor's search covers its own patients only (patients.test.ts checks what each finds).
  'GET /v1/patients/lookup': { ...signedIn(200), patient: 403, otherPatient: 403 },
  'GET /v1/patients': { ...signedIn(403), operator: 200, admin: 200 },
  'GET /v1/admin/audit-log': adminOnly(200),
  // Notifications: the owner's own list (admins read any); operators and admins add for anyone; removing another's is 404.
  'GET /v1/notifications/user/:id': { ...signedIn(403), patient: 200, admin: 200 },
  'POST /v1/notifications': { ...signedIn(403), patient: 201, operator: 201, admin: 201 },
  // Push: any signed-in user saves its device; only the owner removes its own (anyone else: 404); broadcasts are admins'.
  'GET /v1/push/public-key': everyone(200),
  'POST /v1/push/subscriptions': signedIn(201),
  'DELETE /v1/push/subscriptions': { ...signedIn(404), patient: 204 },
  'POST /v1/admin/broadcasts': adminOnly(201),
  'GET /v1/admin/broadcasts': adminOnly(200),
  'DELETE /v1/notifications/:id': { ...signedIn(404), patient: 204 },
  'PUT /v1/notifications/mark-all-as-read': signedIn(204),
  'DELETE /v1/notifications/clear-all': signedIn(204),
  // Messages about the owner: its support conversation (operators, admins) and its conversation with its doctor, whose
  // consultation is over (writing 409); another patient or doctor is told the patient does not exist.
  'POST /v1/messages': { ...signedIn(201), otherPatient: 403, doctor: 409, otherDoctor: 404 },
  'GET /v1/messages': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  'PATCH /v1/messages/mark-messages-as-read': { ...signedIn(200), otherPatient: 404, otherDoctor: 404 },
  // The support chat: the owner's conversation is unheld, so any operator (and admin) may work on it; availability and
  // canned replies are the caller's own; the status is what a patient sees of its own conversation.
  'GET /v1/support/inbox': supportStaff(200),
  'POST /v1/patients/:id/claim': supportStaff(200),
  'POST /v1/patients/:id/transfer': supportStaff(200),
  'POST /v1/patients/:id/close': supportStaff(200),
  'POST /v1/patients/:id/reopen': supportStaff(200),
  'GET /v1/patients/:id/support-events': supportStaff(200),
  'GET /v1/support/operators': supportStaff(200),
  'PUT /v1/support/availability': supportStaff(200),
  'GET /v1/support/status': { ...signedIn(403), patient: 200, otherPatient: 200 },
  'GET /v1/support/canned-replies': supportStaff(200),
  'POST /v1/support/canned-replies': supportStaff(201),
  'PUT /v1/support/canned-replies/:id': supportStaff(200),
  'DELETE /v1/support/canned-replies/:id': supportStaff(204),
  // Doctors: public profiles; PUT targets another doctor (a doctor changes only its own); available slots are asked
  // with the owner's patientId, which only the owner, operators and admins may give.
  'GET /v1/doctors': everyone(200),
  'GET /v1/doctors/search': everyone(200),
  'GET /v1/doctors/:id': everyone(200),
  'PUT /v1/doctors/:id': adminOnly(200),
  'GET /v1/doctors/:id/available-slots': { ...everyone(403), patient: 200, operator: 200, admin: 200 },
  // Appointments: the patient of it, its doctor (the walk books the owner with yet another doctor: 404 to both
  // doctors), operators and admins.
  'POST /v1/appointments': { ...signedIn(403), patient: 201, operator: 201, admin: 201 },
  'POST /v1/appointments/from-landing': everyone(201),
  'GET /v1/appointments': { ...signedIn(200), patient: 403, otherPatient: 403 },
  'GET /v1/appointments/:id': { ...signedIn(200), otherPatient: 404, doctor: 404, otherDoctor: 404, landing: 404 },
  // The room exists only for its patient and its doctor: to everyone else, staff included, it is unknown.
  'GET /v1/appointments/byroomid/:id': { ...signedIn(404), patient: 200, landing: 404 },
  // The owner's doctor gets the owner's appointments with itself; another doctor is told the patient does not exist.
  'GET /v1/appointments/patient/:id': { ...signedIn(200), otherPatient: 404, otherDoctor: 404, landing: 404 },
  'PUT /v1/appointments/:id': { ...signedIn(200), otherPatient: 404, doctor: 404, otherDoctor: 404, landing: 404 },
  // The appointment is a day ahead: its patient gets through to 409 MEETING_NOT_OPEN; staff do not join.
  'POST /v1/appointments/join-meeting/:id': {
    ...signedIn(403),
    patient: 409,
    otherPatient: 404,
    doctor: 404,
    otherDoctor: 404,
    landing: 404,
  },
  'GET /v1/appointments/:id/calendar.ics': { ...signedIn(200), otherPatient: 404, doctor: 404, otherDoctor: 404, landing: 404 },
  // Meetings: ICE servers and problem reports for the room's two people; the call record for its doctor and admins;
  // the waiting list is each doctor's own. ICE servers only while the room is open: a day ahead its patient gets 409.
  'POST /v1/meetings/:id/ice-servers': {
    ...signedIn(403),
    patient: 409,
    otherPatient: 404,
    doctor: 404,
    otherDoctor: 404,
    admin: 404,
    landing: 404,
  },
  'POST /v1/meetings/:id/report': {
    ...signedIn(403),
    patient: 201,
    otherPatient: 404,
    doctor: 404,
    otherDoctor: 404,
    admin: 404,
    landing: 404,
  },
  'GET /v1/appointments/:id/call-record': { ...signedIn(403), doctor: 404, otherDoctor: 404, admin: 200 },
  'GET /v1/meetings/waiting': { ...signedIn(403), doctor: 200, otherDoctor: 200, admin: 200 },
  // Payments: only the patient pays; the provider's signed callback and the sandbox page are public.
  'POST /v1/payments/checkout': { ...signedIn(403), patient: 200, otherPatient: 404, admin: 404, landing: 404 },
  'POST /v1/payments/callback/:provider': everyone(200),
  'GET /v1/payments/sandbox/:id': everyone(200),
  'GET /v1/payments/appointment/:id': { ...signedIn(200), otherPatient: 404, doctor: 404, otherDoctor: 404, landing: 404 },
  'GET /api/health': everyone(200),
  'GET /api/version': everyone(200),
  // The API's reference (OpenAPI document and its browsable pages) is public.
  'GET /api/openapi.json': everyone(200),
  'GET /api/docs': everyone(200),
  'GET /api/docs/json': everyone(200),
  'GET /api/docs/yaml': everyone(200),
  // The reference's old address sends the browser to its page.
  'GET /api/docs/static/index.html': everyone(302),
  'GET /api/docs/static/swagger-initializer.js': everyone(200),
  // Asked for literally, the wildcard names no file.
  'GET /api/docs/static/*': everyone(404),
  // Error monitoring: the walk's app has no DSN, so the tunnel forwards nothing; the example error is the one route that
  // fails on purpose (reported, then answered 500 like any unexpected error).
  'POST /api/monitoring/tunnel': everyone(404),
  'GET /api/monitoring/example-error': everyone(500),
  // Specialist sign-up.
  // Specialist applications: the applicant's own (the walk's is submitted, so changes get through to 409), the
  // admins' queue; an admin has no application of its own (404).
  'POST /v1/auth/register-specialist': everyone(201),
  'GET /v1/specialist-applications/my': { ...signedIn(403), applicant: 200, admin: 404 },
  'PUT /v1/specialist-applications/my': { ...signedIn(403), applicant: 409, admin: 404 },
  'POST /v1/specialist-applications/my/diploma': { ...signedIn(403), applicant: 409, admin: 404 },
  'POST /v1/specialist-applications/my/submit': { ...signedIn(403), applicant: 409, admin: 404 },
  'GET /v1/admin/specialist-applications': adminOnly(200),
  'GET /v1/admin/specialist-applications/:id': adminOnly(200),
  'GET /v1/admin/specialist-applications/:id/diploma': adminOnly(200),
  'POST /v1/admin/specialist-applications/:id/approve': adminOnly(200),
  'POST /v1/admin/specialist-applications/:id/reject': adminOnly(200),
  // The FAQ and the support desk.
  'GET /v1/faq/topics': everyone(200),
  'GET /v1/faq/topics/:id': everyone(200),
  'GET /v1/faq/questions/:id': everyone(200),
  'GET /v1/faq/search': everyone(200),
  'POST /v1/faq/questions/:id/vote': everyone(200),
  'GET /v1/admin/faq/topics': adminOnly(200),
  'POST /v1/admin/faq/topics': adminOnly(201),
  'PUT /v1/admin/faq/topics/:id': adminOnly(200),
  'DELETE /v1/admin/faq/topics/:id': adminOnly(204),
  'POST /v1/admin/faq/questions': adminOnly(201),
  'PUT /v1/admin/faq/questions/:id': adminOnly(200),
  'DELETE /v1/admin/faq/questions/:id': adminOnly(204),
  // A visitor (with an e-mail) or a patient sends a request; the owner, its link's holder and staff read it.
  'POST /v1/support-requests': { ...everyone(403), anonymous: 201, patient: 201, otherPatient: 201, landing: 201, preClaim: 201 },
  'GET /v1/support-requests/my': { ...signedIn(403), patient: 200, otherPatient: 200, admin: 200 },
  'GET /v1/support-requests/:id': { ...everyone(404), patient: 200, operator: 200, admin: 200 },
  // Only the one who asked writes back (a visitor with the link's token; staff answer with replies).
  'POST /v1/support-requests/:id/follow-ups': { ...everyone(404), patient: 200 },
  'GET /v1/support-requests': supportStaff(200),
  'POST /v1/support-requests/:id/take': supportStaff(200),
  'POST /v1/support-requests/:id/replies': supportStaff(200),
  'POST /v1/support-requests/:id/close': supportStaff(200),
  'GET /v1/support-requests/:id/attachment': supportStaff(200),
  // The doctor console.
  // The doctor console: published reviews are public; "My patients" is a doctor's own (the walk asks for the caller's
  // own list; admins may read any doctor's); the owner's notes are for its doctors (admins read, only doctors write).
  'GET /v1/doctors/:id/reviews': everyone(200),
  'GET /v1/doctors/:id/patients': { ...signedIn(403), doctor: 200, otherDoctor: 200, admin: 200 },
  'GET /v1/patients/:id/notes': { ...signedIn(403), doctor: 200, otherDoctor: 404, admin: 200 },
  'POST /v1/patients/:id/notes': { ...signedIn(403), doctor: 201, otherDoctor: 404, admin: 403 },
  // The admin console.
  'GET /v1/admin/reviews': adminOnly(200),
  'POST /v1/admin/reviews/:id/moderate': adminOnly(200),
  'GET /v1/admin/payments': adminOnly(200),
  'GET /v1/admin/payments/:id/callbacks': adminOnly(200),
  'POST /v1/admin/payments/:id/refund': adminOnly(200),
  'GET /v1/admin/audit-log.csv': adminOnly(200),
  'POST /v1/admin/users/:id/reset-password': adminOnly(204),
  // Staff two-factor sign-in: the second step takes the challenge in its body, whoever sends it (a session is no
  // challenge); the account page's routes are staff's own (the walk's staff have no authenticator until the request's
  // preparation sets one up); an admin resets another member of staff's.
  'POST /v1/auth/two-factor/verify': everyone(200),
  'POST /v1/auth/two-factor/enrolment': everyone(200),
  'POST /v1/auth/two-factor/enrolment/confirm': everyone(200),
  'GET /v1/auth/two-factor': staffOnly(200),
  'POST /v1/auth/two-factor/setup': staffOnly(200),
  'POST /v1/auth/two-factor/enable': staffOnly(200),
  'POST /v1/auth/two-factor/disable': staffOnly(204),
  'DELETE /v1/admin/users/:id/two-factor': adminOnly(204),
  // The patient's history and the public pages.
  // Who opened the owner's records and its receipts: the owner only (anyone else is told neither exists).
  'GET /v1/patients/:id/record-access': { ...signedIn(403), patient: 200, otherPatient: 404, admin: 404 },
  'GET /v1/patients/:id/record-access/days': { ...signedIn(403), patient: 200, otherPatient: 404, admin: 404 },
  'GET /v1/payments/appointment/:id/receipt': { ...signedIn(403), patient: 200, otherPatient: 404, admin: 404, landing: 404 },
  'POST /v1/corporate-leads': everyone(201),
  'GET /v1/feedback/published': everyone(200),
};
