import { adminSections, doctorSections, isBookingPage, isRoomId, operatorSections, webPages, type WebPage } from './web-pages.ts';

/*
 * The router's matching of a path to a page, apart from the list of pages: the server answers 404 by it and the web
 * app's analytics name a page by it, while the web app's first download (which holds the list) does without it.
 */

const oneOf =
  (values: readonly string[]) =>
  (value: string): boolean =>
    values.includes(value);

/** The values a page's parameter may take; a parameter not listed here takes any one segment. */
const pageParams: Partial<Record<WebPage, Record<string, (value: string) => boolean>>> = {
  booking: { page: isBookingPage },
  meeting: { roomId: isRoomId },
  adminSection: { section: oneOf(adminSections) },
  doctorSection: { section: oneOf(doctorSections) },
  doctorPatient: { patientId: isRoomId },
  operatorSection: { section: oneOf(operatorSections) },
  operatorPatient: { patientId: isRoomId },
  faqTopic: { topicId: isRoomId },
  faqQuestion: { topicId: isRoomId, questionId: isRoomId },
  supportRequest: { requestId: isRoomId },
};

/**
 * The page a path shows, matched as the web router matches it (case-insensitively, a trailing slash allowed), with
 * its parameters; undefined when the path is no page of the app.
 */
export function matchWebPage(pathname: string): { page: WebPage; params: Record<string, string> } | undefined {
  const segments = pathname.split('/').filter(Boolean);
  for (const page of Object.keys(webPages) as WebPage[]) {
    const pattern = webPages[page].split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, index) => {
      let segment: string;
      try {
        segment = decodeURIComponent(segments[index]!);
      } catch {
        return false;
      }
      if (!part.startsWith(':')) return part.toLowerCase() === segment.toLowerCase();
      const allowed = pageParams[page]?.[part.slice(1)];
      if (allowed && !allowed(segment)) return false;
      params[part.slice(1)] = segment;
      return true;
    });
    if (matches) return { page, params };
  }
  return undefined;
}
