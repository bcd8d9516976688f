// The account screens the router loads together, in one chunk, since a visitor usually moves between them.
export { ConfirmEmailPage } from './confirm-email-page.tsx';
export { EmailConfirmedPage } from './email-confirmed-page.tsx';
export { LoginPage } from './login-page.tsx';
export { PasswordResetPage } from './password-reset-page.tsx';
export { RegisterPage } from './register-page.tsx';
export { ResendConfirmationPage } from './resend-confirmation-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
export { VerifyEmailPage } from './verify-email-page.tsx';
