/**
 * The upload and remove buttons of an image setting (the profile photo, the
 * organisation's logo), and the hidden file input the upload button opens.
 * `busy` is the setting's state: both buttons wait while anything is under way.
 */
import { useRef } from "react";
import { useT } from "./texts.tsx";

export function ImageButtons({ busy, upload, remove, onRemove, hintId, accept, fileLabel, onFile }: {
  busy: string;
  /** The upload button's text when idle. */
  upload: string;
  /** The remove button's text when idle; null while there is no image to remove. */
  remove: string | null;
  onRemove(): void;
  /** The id of the text that says which files are taken. */
  hintId: string;
  accept: readonly string[];
  fileLabel: string;
  /** A file was chosen while idle. */
  onFile(file: File): void;
}) {
  const t = useT();
  const fileRef = useRef<HTMLInputElement>(null);
  const idle = busy === "idle";
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled={!idle}
        aria-describedby={hintId}
        onClick={() => fileRef.current?.click()}
      >
        {busy === "uploading" ? t("Uploading...") : upload}
      </button>
      {remove && (
        <button type="button" className="button button--danger" disabled={!idle} onClick={onRemove}>
          {busy === "removing" ? t("Removing...") : remove}
        </button>
      )}
      <input
        ref={fileRef}
        type="file"
        accept={accept.join(",")}
        hidden
        aria-label={fileLabel}
        onChange={(event) => {
          const input = event.currentTarget;
          const chosen = input.files?.[0];
          // Cleared so that choosing the same file again still fires a change.
          input.value = "";
          if (chosen && idle) onFile(chosen);
        }}
      />
    </>
  );
}
