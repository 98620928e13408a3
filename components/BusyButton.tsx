/** A secondary button that says `busyText` and waits while `busy` (a refresh, a "Load more"). */
export function BusyButton({ busy, text, busyText, onClick }: {
  busy: boolean;
  text: string;
  busyText: string;
  onClick(): void;
}) {
  return (
    <button type="button" className="button button--secondary" onClick={onClick} disabled={busy}>
      {busy ? busyText : text}
    </button>
  );
}
