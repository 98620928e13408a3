/**
 * A modal dialog (Manage Roles, Delete User, Delete Trip): role="dialog"
 * with aria-modal, labelled by its title, focus moved inside on open and
 * back to what had it on close, Tab kept inside, Escape and the backdrop
 * close it (unless `busy`: a request in flight must finish first).
 */
import { type ReactNode, useEffect, useRef } from "react";
import { useDomId } from "../dom_id.ts";

export function Modal(
  { title, onClose, busy = false, children, actions }: {
    title: string;
    onClose: () => void;
    busy?: boolean;
    children: ReactNode;
    /** The buttons along the bottom. */
    actions: ReactNode;
  },
) {
  const titleId = useDomId();
  const ref = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const dialog = ref.current;
    const first = dialog?.querySelector<HTMLElement>("[data-autofocus]") ?? focusables(dialog)[0] ?? dialog;
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !busyRef.current) {
        event.stopPropagation();
        closeRef.current();
      } else if (event.key === "Tab" && dialog) {
        const items = focusables(dialog);
        if (items.length === 0) return;
        const [head, tail] = [items[0], items[items.length - 1]];
        if (event.shiftKey && document.activeElement === head) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, []);

  return (
    <div
      className="modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div className="modal__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={ref} tabIndex={-1}>
        <h2 className="modal__title" id={titleId}>{title}</h2>
        <div className="modal__body">{children}</div>
        <div className="modal__actions">{actions}</div>
      </div>
    </div>
  );
}

function focusables(root: HTMLElement | null | undefined): HTMLElement[] {
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>("button:not([disabled]), a[href], input:not([disabled]), select")];
}
