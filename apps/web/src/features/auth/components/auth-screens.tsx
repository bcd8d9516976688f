import { FeaturePlaceholder } from '../../../components/feature-placeholder.tsx';

// The account screens of 000 section 2; each is replaced by its real form when accounts are built.
const backToHome = { label: 'Back to home', to: '/' };

export function LoginPage() {
  return <FeaturePlaceholder title="Sign in" summary="Sign in with your e-mail and password, or with Google." backTo={backToHome} />;
}

export function RegisterPage() {
  return (
    <FeaturePlaceholder
      title="Create your account"
      summary="Sign up with a username, e-mail and password, verify your e-mail, and start with 3 free credits."
      backTo={backToHome}
    />
  );
}

export function EmailConfirmedPage() {
  return <FeaturePlaceholder title="E-mail confirmation" summary="The result of confirming your e-mail address." backTo={backToHome} />;
}

export function ConfirmEmailPage() {
  return <FeaturePlaceholder title="Confirming your e-mail" summary="Checks your confirmation link and shows the result." backTo={backToHome} />;
}

export function VerifyEmailPage() {
  return <FeaturePlaceholder title="Verify your e-mail" summary="Confirms your e-mail address from the link we sent you." backTo={backToHome} />;
}

export function ResendConfirmationPage() {
  return <FeaturePlaceholder title="Resend confirmation e-mail" summary="Sends a fresh confirmation link to your inbox." backTo={backToHome} />;
}

export function PasswordResetPage() {
  return <FeaturePlaceholder title="Reset your password" summary="Enter your e-mail and we send you a link to choose a new password." backTo={backToHome} />;
}

export function ResetPasswordPage() {
  return <FeaturePlaceholder title="Choose a new password" summary="Set a new password from the reset link you received." backTo={backToHome} />;
}

export function ChangePasswordPage() {
  return <FeaturePlaceholder title="Change password" summary="Change your password while signed in." backTo={{ label: 'Back to the studio', to: '/app' }} />;
}
