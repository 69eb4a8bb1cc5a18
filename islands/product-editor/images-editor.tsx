/** The product's images: the list with its primary image, an upload, and a pick from the media library. */
import type { MediaChoice } from '../../src/domain/media-picker.ts';
import { MediaPicker } from './media-picker.tsx';
import { useImageUpload } from './use-image-upload.ts';

type L = Record<string, string>;

function ImageList({
  images,
  primary,
  onChange,
  L,
}: {
  images: string[];
  primary: string;
  onChange: (images: string[], primary: string) => void;
  L: L;
}) {
  if (!images.length) return <p className="muted">{L['f.noImages']}</p>;
  return (
    <ul className="pe-images" data-testid="image-list">
      {images.map((img) => (
        <li key={img} className={img === primary ? 'is-primary' : ''}>
          <img src={img} alt="" width={96} height={96} loading="lazy" />
          <div className="pe-image-actions">
            {img === primary ? (
              <span className="badge">{L['f.primary']}</span>
            ) : (
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(images, img)}>
                {L['f.makePrimary']}
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                const rest = images.filter((x) => x !== img);
                onChange(rest, img === primary ? (rest[0] ?? '') : primary);
              }}
            >
              {L['f.remove']}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function UploadField({
  progress,
  error,
  onFile,
  L,
}: {
  progress: number | null;
  error: string | null;
  onFile: (file: File | undefined) => Promise<void>;
  L: L;
}) {
  return (
    <div className="field">
      <label htmlFor="pe-upload">{L['f.upload']}</label>
      <input
        id="pe-upload"
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        onChange={(e) => void onFile(e.target.files?.[0])}
        data-testid="pe-upload"
        disabled={progress !== null}
      />
      {progress !== null ? (
        <progress
          max={100}
          value={progress}
          aria-label={L['f.uploading'].replace('{{percent}}', String(progress))}
          data-testid="upload-progress"
        />
      ) : null}
      {error ? (
        <span className="field-error" role="alert" data-testid="upload-error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

export function ImagesEditor({
  images,
  primary,
  onChange,
  uploadUrl,
  media,
  L,
}: {
  images: string[];
  primary: string;
  onChange: (images: string[], primary: string, hash?: string) => void;
  uploadUrl: string;
  media: MediaChoice[];
  L: L;
}) {
  const add = (p: string, hash?: string) => {
    if (!p || images.includes(p)) return;
    onChange([...images, p], primary || p, hash);
  };
  const { library, progress, error, onFile } = useImageUpload(uploadUrl, media, add);
  return (
    <div>
      <ImageList images={images} primary={primary} onChange={onChange} L={L} />
      <div className="form-row">
        <UploadField progress={progress} error={error} onFile={onFile} L={L} />
        <div className="field">
          <span className="label">{L['f.mediaFrom']}</span>
          <MediaPicker media={library} chosen={images} onPick={(m) => add(m.path)} L={L} />
        </div>
      </div>
    </div>
  );
}
