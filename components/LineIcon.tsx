/** The 24px line icons (the trash button, the dashboard cards, the accessibility needs): drawn in the text's colour, hidden from screen readers. */
import type { ReactNode } from "react";

export function LineIcon({ size, className, children }: { size: number; className?: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
