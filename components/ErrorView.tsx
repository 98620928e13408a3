/** The error display's texts (spec section 2, "Error display"), shared by the boundary and the 500 page. */
export function ErrorView({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="error-view" role="alert">
      <h2>Something went wrong</h2>
      <p>We've been notified about this error and will fix it soon</p>
      <div className="error-view__actions">
        {onRetry
          ? <button type="button" className="button" onClick={onRetry}>Try Again</button>
          : <a className="button" href="">Try Again</a>}
        <ReloadButton />
      </div>
    </div>
  );
}

function ReloadButton() {
  // Without JavaScript (the server's 500 page) a link to the same address reloads it.
  return <a className="button button--secondary" href="" onClick={reload}>Reload Page</a>;
}

function reload(event: { preventDefault(): void }) {
  event.preventDefault();
  location.reload();
}
