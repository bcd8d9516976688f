// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadImage, setAutoDetections, setMode, undo } from '../state/actions.ts';
import { useStudioEditor } from './use-studio-editor.ts';

const room = { src: 'data:image/jpeg;base64,room', width: 1920, height: 1280, enhanced: null };

describe('useStudioEditor', () => {
  it('lets an operation read the state its own action just made, and re-renders with it', () => {
    const { result } = renderHook(() => useStudioEditor());
    act(() => {
      result.current.run(loadImage, { image: room, demo: false });
      // The next line of an async operation (e.g. auto-detect after an upload) sees the new room at once.
      expect(result.current.stateRef.current.scene.currentImage).toBe(room);
      result.current.run(setAutoDetections, {
        detections: [{ id: 1, class_name: 'sofa', bbox: [0, 0, 10, 10], confidence: 0.8 }],
        sessionId: 's1',
      });
    });
    expect(result.current.state.scene.detections).toHaveLength(1);
    expect(result.current.state.scene.sessionId).toBe('s1');
    act(() => result.current.run(undo, undefined));
    expect(result.current.state.scene.detections).toHaveLength(0);
  });

  it('keeps the same state object when an action changes nothing', () => {
    const { result } = renderHook(() => useStudioEditor());
    const before = result.current.state;
    act(() => result.current.run(setMode, 'detect'));
    expect(result.current.state).toBe(before);
  });
});
