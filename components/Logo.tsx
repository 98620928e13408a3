/** The Hopper mark: a shuttle in a rounded square. Inline SVG, so no request. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect className="logo__tile" width="32" height="32" rx="8" fill="#1d4ed8" />
      <rect className="logo__body" x="6" y="9" width="20" height="12" rx="3" fill="#fff" />
      <rect className="logo__tile" x="8.5" y="11.5" width="4" height="3.5" rx="1" fill="#1d4ed8" />
      <rect className="logo__tile" x="14" y="11.5" width="4" height="3.5" rx="1" fill="#1d4ed8" />
      <rect className="logo__tile" x="19.5" y="11.5" width="4" height="3.5" rx="1" fill="#1d4ed8" />
      <circle cx="11" cy="22" r="2.6" fill="#0f172a" stroke="#fff" strokeWidth="1.2" />
      <circle cx="21" cy="22" r="2.6" fill="#0f172a" stroke="#fff" strokeWidth="1.2" />
    </svg>
  );
}
