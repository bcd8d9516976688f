import { describe, expect, it } from 'vitest';
import { StudioImageError, isHeicFile, readRoomPhoto, toImageData } from './image-files.ts';

describe('room photo checks', () => {
  it('refuses a file over 10 MB with the spec text, before reading it', async () => {
    const big = new File([new Uint8Array(10_485_761)], 'room.jpg', { type: 'image/jpeg' });
    await expect(readRoomPhoto(big)).rejects.toThrow(new StudioImageError('File too large. Please use images under 10MB.'));
  });

  it('refuses a file that is not an image', async () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(readRoomPhoto(text)).rejects.toThrow('Please upload a valid image file.');
  });

  it('recognises HEIC and HEIF by type or by name (some browsers leave the type empty)', () => {
    expect(isHeicFile(new File([], 'IMG_0001.HEIC', { type: '' }))).toBe(true);
    expect(isHeicFile(new File([], 'photo', { type: 'image/heif' }))).toBe(true);
    expect(isHeicFile(new File([], 'room.jpg', { type: 'image/jpeg' }))).toBe(false);
  });
});

describe('what the API receives', () => {
  it('sends data URLs and the signed URLs of stored media as they are', async () => {
    const dataUrl = 'data:image/jpeg;base64,AAAA';
    const media = '/media/AbCdEfGhIjKlMnOpQrStUv?expires=1&signature=x';
    expect(await toImageData({ src: dataUrl, width: 1, height: 1, enhanced: null })).toBe(dataUrl);
    expect(await toImageData({ src: media, width: 1, height: 1, enhanced: null })).toBe(media);
  });
});
