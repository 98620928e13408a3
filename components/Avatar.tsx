/**
 * A user's photo, or a placeholder with their initials (or a person icon when
 * they have no name). A photo that fails to load (removed since the URL was
 * copied, say into a ride) falls back to the placeholder.
 */
import { useState } from "react";

/** Up to two initials from a name: "Ada Lovelace" → "AL", "grace" → "G"; "" without letters. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return "";
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : "";
  return ([...first][0] + (last ? [...last][0] : "")).toUpperCase();
}

export function Avatar(
  { name, photoUrl, size = "small" }: {
    name: string | null | undefined;
    photoUrl: string | null | undefined;
    size?: "small" | "large";
  },
) {
  const className = `avatar avatar--${size}`;
  const [failed, setFailed] = useState<string | null>(null);
  // Decorative: the user's name is always written beside it.
  if (photoUrl && failed !== photoUrl) {
    return <img className={className} src={photoUrl} alt="" decoding="async" onError={() => setFailed(photoUrl)} />;
  }
  const letters = initials(name);
  return (
    <span className={`${className} avatar--placeholder`} aria-hidden="true">
      {letters || (
        <svg viewBox="0 0 24 24" width="60%" height="60%" focusable="false">
          <circle cx="12" cy="8" r="4" fill="currentColor" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" fill="currentColor" />
        </svg>
      )}
    </span>
  );
}
