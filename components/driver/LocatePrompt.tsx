/** Shown while the driver's position is unknown: a button to ask for it again, and why it is missing. */
import { useT } from "../texts.tsx";

export function LocatePrompt({ online, error, onRetry }: { online: boolean; error: string | null; onRetry(): void }) {
  const t = useT();
  return (
    <div className="locate">
      <button type="button" className="button button--large ride-button" onClick={onRetry}>
        {t(online ? "Find Riders" : "Find your location")}
      </button>
      {error && <p className="locate__error" role="alert">{error}</p>}
    </div>
  );
}
