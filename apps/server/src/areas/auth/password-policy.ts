import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Password strength rules, with the messages users of the original backend saw (Django's validators):
 * minimum length, not entirely numeric, not too similar to the username or e-mail, not a common password.
 */
export const MIN_PASSWORD_LENGTH = 8;
const MAX_SIMILARITY = 0.7;

// 49k most common passwords, shipped inside the zxcvbn-ts package (no download at run time).
const COMMON_PASSWORDS = new Set<string>((dictionary['passwords-common'] as string[]).map((word) => word.toLowerCase()));

/** Ratcliff/Obershelp similarity, as Python's difflib.SequenceMatcher.ratio() computes it. */
export function similarity(a: string, b: string): number {
  if (a.length + b.length === 0) return 1;
  const matches = (x: string, y: string): number => {
    if (!x || !y) return 0;
    let bestLength = 0;
    let bestX = 0;
    let bestY = 0;
    // Longest common substring by dynamic programming over one row.
    let previous = new Array<number>(y.length + 1).fill(0);
    for (let i = 1; i <= x.length; i += 1) {
      const current = new Array<number>(y.length + 1).fill(0);
      for (let j = 1; j <= y.length; j += 1) {
        if (x[i - 1] === y[j - 1]) {
          const length = (previous[j - 1] ?? 0) + 1;
          current[j] = length;
          if (length > bestLength) {
            bestLength = length;
            bestX = i - length;
            bestY = j - length;
          }
        }
      }
      previous = current;
    }
    if (bestLength === 0) return 0;
    return (
      bestLength +
      matches(x.slice(0, bestX), y.slice(0, bestY)) +
      matches(x.slice(bestX + bestLength), y.slice(bestY + bestLength))
    );
  };
  return (2 * matches(a, b)) / (a.length + b.length);
}

export function passwordProblems(password: string, user: { username?: string; email?: string }): string[] {
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  const lowered = password.toLowerCase();
  const attributes: Array<[string, string | undefined]> = [
    ['username', user.username],
    ['email address', user.email],
  ];
  for (const [label, value] of attributes) {
    if (!value) continue;
    // Compare with the whole value and its parts (an e-mail's local part and domain), as Django does.
    const parts = [value, ...value.split(/\W+/)].map((part) => part.toLowerCase()).filter((part) => part.length > 0);
    if (parts.some((part) => similarity(lowered, part) >= MAX_SIMILARITY)) {
      problems.push(`The password is too similar to the ${label}.`);
      break;
    }
  }
  if (COMMON_PASSWORDS.has(lowered.trim())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}
