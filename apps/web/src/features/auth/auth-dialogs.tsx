import type { User } from '@rozmova/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { hasFinishedVisitorQuiz } from '../../lib/quiz.ts';
import { ForgotPasswordModal } from './forgot-password-modal.tsx';
import { LoginModal } from './login-modal.tsx';
import { SignUpModal } from './sign-up-modal.tsx';
import { appPaths } from '../../lib/paths.ts';
import type { AuthDialog } from './auth-dialog.ts';

/**
 * The dialog named by the `auth` query parameter: `?auth=login`, `?auth=signup` or `?auth=forgot`. After signing in
 * the person goes to their cabinet, or with `stay` remains on the page (the meeting room continues where it was).
 */
export default function AuthDialogs({ stay = false }: { stay?: boolean }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const dialog = params.get('auth');

  const show = (next: AuthDialog | null) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set('auth', next);
    else updated.delete('auth');
    setParams(updated, { replace: next !== null });
  };
  // A visitor who finished the self-check on /diagnosis sees the result, scored now that there is a patient card.
  const openCabinet = (user: User) =>
    void navigate(user.user_role === 'patient' && hasFinishedVisitorQuiz() ? appPaths.quiz : appPaths.homeOf(user.user_role));
  const stayHere = () => {
    const updated = new URLSearchParams(params);
    updated.delete('auth');
    setParams(updated, { replace: true });
  };
  const afterSignIn = stay ? stayHere : openCabinet;

  switch (dialog) {
    case 'login':
      return <LoginModal onClose={() => show(null)} onSwitch={show} onSignedIn={afterSignIn} />;
    case 'signup':
      return <SignUpModal onClose={() => show(null)} onSwitch={show} onSignedIn={afterSignIn} />;
    case 'forgot':
      return <ForgotPasswordModal onClose={() => show(null)} onDone={afterSignIn} />;
    default:
      return null;
  }
}
