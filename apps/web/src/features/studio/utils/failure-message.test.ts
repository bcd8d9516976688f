import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from './failure-message.ts';

describe('failure toasts', () => {
  it('prefixes the bare reason once', () => {
    const error = new ApiError(422, { detail: 'Removal failed: the mask is empty', error: 'the mask is empty' });
    expect(failureMessage('removeObject', error)).toBe('Removal failed: the mask is empty');
    expect(failureMessage('removeObject', new ApiError(422, { detail: 'Removal failed: no object' }))).toBe(
      'Removal failed: no object',
    );
    expect(failureMessage('changeWallMaterial', new ApiError(400, { detail: 'Unknown material' }))).toBe(
      'Wall change failed: Unknown material',
    );
  });

  it('shows the 402 sentence as it is, and network failures as such', () => {
    expect(failureMessage('detectObjects', new ApiError(402, { detail: 'Insufficient credits for object detection' }))).toBe(
      'Insufficient credits for object detection',
    );
    expect(failureMessage('enhanceImage', new ApiError(0, { detail: 'Network error. Please try again.' }))).toBe(
      'Network error: Network error. Please try again.',
    );
  });

  it("falls back to 'Unknown error' and to the erase error text for thrown errors", () => {
    expect(failureMessage('eraseFromDrawnArea', new ApiError(500, {}))).toBe('Erase failed: Unknown error');
    expect(failureMessage('eraseFromDrawnArea', new Error('canvas lost'))).toBe('Erase error: canvas lost');
  });
});
