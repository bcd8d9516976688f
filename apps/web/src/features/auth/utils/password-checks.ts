/**
 * The live sign-up checks. They mirror the server's first two rules (length and all-digits) so the user
 * sees them before submitting; the server still applies the rest (common or too similar to the username).
 */
export const MIN_PASSWORD_LENGTH = 8;

export interface PasswordCheck {
  id: 'length' | 'not-numeric' | 'matches';
  label: string;
  passed: boolean;
}

export function passwordChecks(password: string, confirmation: string): PasswordCheck[] {
  return [
    { id: 'length', label: `At least ${MIN_PASSWORD_LENGTH} characters`, passed: password.length >= MIN_PASSWORD_LENGTH },
    { id: 'not-numeric', label: 'Not entirely numeric', passed: password.length > 0 && !/^\d+$/.test(password) },
    { id: 'matches', label: 'Passwords match', passed: password.length > 0 && password === confirmation },
  ];
}

export function passwordChecksPass(password: string, confirmation: string): boolean {
  return passwordChecks(password, confirmation).every((check) => check.passed);
}
