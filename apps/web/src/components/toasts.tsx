import { Notifications } from '@mantine/notifications';

/** Toasts: bottom-right, 5 s, primary colour, with a close button; full width below 36em (app.css). */
export default function Toasts() {
  return <Notifications position="bottom-right" autoClose={5000} containerWidth="22rem" className="toasts" />;
}
