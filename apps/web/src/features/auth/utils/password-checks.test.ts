import { describe, expect, it } from 'vitest';
import { passwordChecks, passwordChecksPass } from './password-checks.ts';

const failing = (password: string, confirmation: string) =>
  passwordChecks(password, confirmation)
    .filter((check) => !check.passed)
    .map((check) => check.id);

describe('passwordChecks', () => {
  it('passes a long, not numeric, matching password', () => {
    expect(failing('Bright-Oak-Floor-81', 'Bright-Oak-Floor-81')).toEqual([]);
    expect(passwordChecksPass('Bright-Oak-Floor-81', 'Bright-Oak-Floor-81')).toBe(true);
  });

  it('wants at least 8 characters', () => {
    expect(failing('Oak-81x', 'Oak-81x')).toEqual(['length']);
    expect(failing('Oak-81xy', 'Oak-81xy')).toEqual([]);
  });

  it('refuses an entirely numeric password', () => {
    expect(failing('12345678', '12345678')).toEqual(['not-numeric']);
  });

  it('wants the confirmation to match', () => {
    expect(failing('Bright-Oak-Floor-81', 'Bright-Oak-Floor-8')).toEqual(['matches']);
  });

  it('passes nothing while the fields are empty', () => {
    expect(failing('', '')).toEqual(['length', 'not-numeric', 'matches']);
    expect(passwordChecksPass('', '')).toBe(false);
  });
});
