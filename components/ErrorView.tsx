import { useT } from "./texts.tsx";

/** The error display's texts (spec section 2, "Error display"), shared by the boundary and the 500 page. */
export function ErrorView({ onRetry }: { onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="error-view" role="alert">
      <h2>{t("Something went wrong")}</h2>
      <p>{t("We've been notified about this error and will fix it soon")}</p>
      <div className="error-view__actions">
        {onRetry
          ? <button type="button" className="button" onClick={onRetry}>{t("Try Again")}</button>
          : <a className="button" href="">{t("Try Again")}</a>}
        <ReloadButton label={t("Reload Page")} />
      </div>
    </div>
  );
}

function ReloadButton({ label }: { label: string }) {
  // Without JavaScript (the server's 500 page) a link to the same address reloads it.
  return <a className="button button--secondary" href="" onClick={reload}>{label}</a>;
}

function reload(event: { preventDefault(): void }) {
  event.preventDefault();
  location.reload();
}
