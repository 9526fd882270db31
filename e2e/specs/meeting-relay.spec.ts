import type { Page } from '@playwright/test';
import { apiLogin, createDoctor, createUser, profileOf, signInBrowser } from '../support/booking.ts';
import { expect, uniqueEmail, watchContentSecurityPolicy } from '../support/fixtures.ts';
import { bookUrgent, expectVideoFlowing, expectVideoPlaying, inboundVideo, meetingTest as test } from '../support/meeting.ts';

/*
 * A call through the TURN relay only (`?relay=1`: iceTransportPolicy "relay"), with the real coturn the worker runs
 * and the credentials the API makes for each join from the shared secret (coturn's REST scheme).
 */

test('with ?relay=1 the call goes through coturn with the credentials the API issues, and video flows both ways', async ({
  page: patientPage,
  browser,
  request,
  server,
  baseURL,
  coturn,
}) => {
  test.setTimeout(120_000);
  const adminToken = await apiLogin(request, server.admin.email, server.admin.password);
  const operator = await createUser(request, adminToken, { email: uniqueEmail('operator'), name: 'Relay Operator', role: 'operator' });
  const doctor = await createDoctor(request, adminToken, { email: uniqueEmail('doctor'), name: 'Dr Relay Hnatiuk' });
  const patient = await createUser(request, adminToken, { email: uniqueEmail('patient'), name: 'Relay Patient', role: 'patient' });
  const patientToken = await apiLogin(request, patient.email, patient.password);
  const patientId = (await profileOf(request, patientToken)).role_specific_data.patient!.patientId;
  const appointment = await bookUrgent(request, await apiLogin(request, operator.email, operator.password), doctor.id, patientId);
  const roomPath = `/meet/${appointment.appointment_roomId}?relay=1`;

  // The API hands out the TURN server with credentials of coturn's REST scheme, valid for this hour only.
  const ice = await request.post(`/v1/meetings/${appointment.appointment_roomId}/ice-servers`, {
    headers: { Authorization: `Bearer ${patientToken}` },
  });
  expect(ice.status(), await ice.text()).toBe(200);
  const { iceServers } = (await ice.json()) as { iceServers: { urls: string | string[]; username?: string; credential?: string }[] };
  const turn = iceServers.find((server) => [server.urls].flat().some((url) => url.startsWith('turn:')));
  expect([turn?.urls].flat()).toEqual(coturn.urls);
  expect(turn?.username).toMatch(/^\d{10}:[0-9a-f-]{36}$/);

  const doctorContext = await browser.newContext({ baseURL });
  const cspOfDoctor = watchContentSecurityPolicy(doctorContext);
  await signInBrowser(doctorContext, server, await apiLogin(request, doctor.email, doctor.password));
  await signInBrowser(patientPage.context(), server, patientToken);
  const doctorPage = await doctorContext.newPage();

  for (const page of [patientPage, doctorPage]) {
    await page.goto(roomPath);
    await page.getByRole('button', { name: 'Join the consultation', exact: true }).click();
  }

  const expectRelayed = async (page: Page) => {
    await expect(page.getByTestId('meeting-room')).toHaveAttribute('data-call-state', 'connected', { timeout: 20_000 });
    expect(await page.evaluate(() => window.__rozmovaPeer?.getConfiguration().iceTransportPolicy)).toBe('relay');
    await expectVideoPlaying(page, 'remote-video');
    await expectVideoFlowing(page);
    await expect.poll(async () => (await inboundVideo(page)).localCandidateType, { message: 'selected local candidate' }).toBe('relay');
    // The relayed address is one this coturn allocated: its port is in coturn's relay range.
    const { localCandidatePort } = await inboundVideo(page);
    expect(localCandidatePort).toBeGreaterThanOrEqual(coturn.relayPorts.min);
    expect(localCandidatePort).toBeLessThanOrEqual(coturn.relayPorts.max);
  };
  await expectRelayed(patientPage);
  await expectRelayed(doctorPage);

  await doctorContext.close();
  cspOfDoctor();
});
