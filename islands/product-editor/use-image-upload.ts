/** The images group's upload: its progress and error, and the media library as the picker lists it. */
import { useState } from 'react';
import { type MediaChoice, thumbOf } from '../../src/domain/media-picker.ts';
import { shownMessages } from '../lib/errors.ts';
import { type Uploaded, upload } from './upload.ts';

/** The uploaded image as the picker lists it. */
const choiceOf = (m: Uploaded['media']): MediaChoice => ({
  id: m.id,
  path: m.path,
  filename: m.filename,
  alt: '',
  thumb: thumbOf(m.path, m.variants),
  width: m.width,
  height: m.height,
});

export function useImageUpload(uploadUrl: string, media: MediaChoice[], add: (path: string, hash?: string) => void) {
  // The library as the picker lists it; an upload joins it at once.
  const [library, setLibrary] = useState(media);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      const res = await upload(uploadUrl, file, setProgress);
      add(res.media.path, res.media.hash);
      const m = res.media;
      setLibrary((l) => (l.some((x) => x.path === m.path) ? l : [choiceOf(m), ...l]));
    } catch (e) {
      setError(shownMessages(e)[0]);
    } finally {
      setProgress(null);
    }
  };
  return { library, progress, error, onFile };
}
