/**
 * The header as it will look in the brand colour: the
 * organisation's logo, or the mark's tile in the colour with its shuttle in
 * the text colour that passes 4.5:1 on it (lib/tenant_settings.ts
 * brandTextColor), and the contrast said in words.
 */
import { brandTextColor, contrast, WHITE } from "../../lib/tenant_settings.ts";
import { useT } from "../texts.tsx";

export function BrandPreview(
  { name, color, logoUrl = null }: { name: string; color: string; logoUrl?: string | null },
) {
  const t = useT();
  if (!/^#[0-9a-f]{6}$/i.test(color)) return null;
  const ink = brandTextColor(color);
  const ratio = contrast(color, ink).toFixed(1);
  return (
    <figure className="brand-preview">
      <div className="brand-preview__header" style={{ borderTopColor: color }}>
        {logoUrl
          ? <img className="brand-preview__logo" src={logoUrl} alt="" height="32" />
          : (
            <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
              <rect width="32" height="32" rx="8" fill={color} />
              <rect x="6" y="9" width="20" height="12" rx="3" fill={ink} />
              <circle
                cx="11"
                cy="22"
                r="2.6"
                fill={ink === WHITE ? "#0f172a" : "#ffffff"}
                stroke={ink}
                strokeWidth="1.2"
              />
              <circle
                cx="21"
                cy="22"
                r="2.6"
                fill={ink === WHITE ? "#0f172a" : "#ffffff"}
                stroke={ink}
                strokeWidth="1.2"
              />
            </svg>
          )}
        <span className="brand-preview__name">
          <strong>Hopper</strong> · {name}
        </span>
      </div>
      <figcaption className="muted">
        {ink === WHITE
          ? t("White text on this colour: {ratio}:1 contrast.", { ratio })
          : t("White text would be too faint on this colour, so dark text is used: {ratio}:1 contrast.", { ratio })}
      </figcaption>
    </figure>
  );
}
