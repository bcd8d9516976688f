import { expect, test, type Page } from '@playwright/test';
import { createVerifiedUser, setGoogleIdentity, uniqueEmail } from './support/accounts.ts';
import { linkFromMail } from './support/mail.ts';

/** Account journeys of spec 000 sections 2 to 8, through the built app, real mail and a loopback Google. */

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function openProfileMenuItem(page: Page, item: 'Profile' | 'Logout') {
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a new stager signs up, verifies the e-mail, edits the profile, changes and resets the password', async ({ page }) => {
  const email = uniqueEmail('journey');
  const username = email.split('@')[0] ?? 'journey';
  const firstPassword = 'Quiet-Maple-Lantern-42';
  const changedPassword = 'Copper-River-Sketch-57';
  const resetPassword = 'Velvet-Harbor-Window-63';

  // Sign up: toasts, then the login page with the hand-over message and the e-mail filled in.
  await page.goto('/app/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(firstPassword);
  const createAccount = page.getByRole('button', { name: 'Create account' });
  await expect(createAccount).toBeDisabled();
  await page.getByLabel('Confirm password').fill(firstPassword);
  await expect(page.getByText('Please select how you found us!')).toBeVisible();
  await page.getByLabel('How did you find us?').selectOption('Reddit');
  await createAccount.click();
  await expect(page.getByText('Account created successfully! Please check your email to verify your account before logging in.')).toBeVisible();
  await expect(page.getByText('Verification email sent! Check your inbox and spam folder.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByText('Account created! Please verify your email then log in.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  // The e-mailed link confirms the address, and the result screen keeps its 3-second promise.
  await page.goto(await linkFromMail(email, /\/app\/auth\/confirm-email\//));
  await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login$/, { timeout: 6_000 });

  await logIn(page, email, firstPassword);
  await expect(page).toHaveURL(/\/app$/);

  await openProfileMenuItem(page, 'Profile');
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // First name is editable and saved on the server.
  await page.getByLabel('First name').fill('Margot');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your name has been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Margot');

  // Password change keeps this session logged in (the new token pair is stored).
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByText('Account type')).toBeVisible();
  await page.getByLabel('Current password').fill(firstPassword);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(changedPassword);
  await page.getByLabel('Confirm new password').fill(changedPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();

  await openProfileMenuItem(page, 'Logout');
  await expect(page).toHaveURL(/\/app\/login$/);

  // Forgotten password: request the link through the UI, follow it, choose a new password.
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The login form also has an "Email" field: wait for the reset form's lazy route, or the fill may reach the
  // login form that is about to unmount and leave the reset form's field empty.
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/a password reset link is on its way/)).toBeVisible();

  await page.goto(await linkFromMail(email, /\/app\/auth\/reset-password\//));
  const setPassword = page.getByRole('button', { name: 'Set new password' });
  await expect(setPassword).toBeDisabled();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(resetPassword);
  await page.getByLabel('Confirm new password').fill(resetPassword);
  await setPassword.click();
  await expect(page.getByText(/Your password has been reset\. Taking you to the login page/)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login$/, { timeout: 5_000 });

  await logIn(page, email, changedPassword);
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await logIn(page, email, resetPassword);
  await expect(page).toHaveURL(/\/app$/);
});

test('login explains an unverified e-mail, resends the verification, and refuses a wrong password', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  const password = 'Amber-Field-Notebook-19';
  const registered = await request.post('/api/register/', {
    data: { username: email.split('@')[0], email, password, password2: password, medium: 'Instagram' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/app/login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await logIn(page, email, password);
  await expect(page.getByText('Please verify your email address before logging in.')).toBeVisible();
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expect(page.getByText('Verification email sent! Check your inbox and spam folder.')).toBeVisible();
  expect(await linkFromMail(email, /\/app\/auth\/confirm-email\//)).toContain('/app/auth/confirm-email/');

  const verified = await createVerifiedUser(request, 'wrong-password');
  await page.getByLabel('Email').fill('');
  await logIn(page, verified.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/login$/);
});

test('Google sign-in lands in the studio with the Google account', async ({ page }) => {
  const email = uniqueEmail('google');
  await setGoogleIdentity({ email, given_name: 'Grace' });

  await page.goto('/app/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/app$/);

  await openProfileMenuItem(page, 'Profile');
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
});

test('a Google callback without the state this tab sent goes back to login', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto('/google/callback?code=forged&state=forged');
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByText('Failed to log in with Google')).toBeVisible();
  expect(consoleErrors).toContain('Failed to log in with Google');
});

test('an unknown link is invalid; a link used before says the e-mail is already confirmed', async ({ page, request }) => {
  await page.goto('/app/auth/confirm-email/not-a-real-key');
  await expect(page).toHaveURL(/\/app\/auth\/email-confirmed\?status=error&message=invalid_link$/);
  await expect(page.getByText('This confirmation link is invalid. Please request a new confirmation email.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Resend Confirmation Email' })).toHaveAttribute('href', '/app/auth/resend-confirmation');
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();

  // createVerifiedUser has already used the e-mailed link once: a second visit is not a failure.
  const user = await createVerifiedUser(request, 'used-link');
  await page.goto(await linkFromMail(user.email, /\/app\/auth\/confirm-email\//));
  await expect(page).toHaveURL(/\/app\/auth\/email-confirmed\?status=success&already=true$/);
  await expect(page.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await expect(page.getByText('Your email address was already confirmed.', { exact: false })).toBeVisible();
});
