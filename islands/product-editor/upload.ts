/** Sends one file to the media library with upload progress (XMLHttpRequest: fetch has no upload progress). */
import { csrfToken } from '../lib/dom.ts';
import { AppRequestError, NETWORK_ERROR } from '../lib/request.ts';

export type Uploaded = {
  media: {
    id: number;
    path: string;
    hash: string;
    filename: string;
    width: number | null;
    height: number | null;
    variants: { width: number; path: string }[];
  };
};

export function upload(url: string, file: File, onProgress: (pct: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('X-CSRF-Token', csrfToken());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* text */
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Uploaded);
      else reject(new AppRequestError(xhr.status, xhr.statusText, body));
    };
    xhr.onerror = () => reject(new Error(NETWORK_ERROR));
    const fd = new FormData();
    fd.append('file', file);
    xhr.send(fd);
  });
}
