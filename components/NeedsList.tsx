/**
 * A ride's accessibility needs as a person reads them: each with
 * its drawn icon and its words, on the driver's card (first, before Accept),
 * in admin trips and on the rider's screen.
 */
import { type Need, NEED_ICONS, NEED_WORDS } from "../lib/needs.ts";
import { LineIcon } from "./LineIcon.tsx";
import { useT } from "./texts.tsx";

/** A need's 24px line icon, in the text's colour; the words beside it say what it is. */
export function NeedIcon({ need, size = 24 }: { need: Need; size?: number }) {
  return (
    <LineIcon size={size} className="need-icon">
      <path d={NEED_ICONS[need]} />
    </LineIcon>
  );
}

/** The needs as a list of icon-and-words tags; nothing when there are none. `compact` for table cells. */
export function NeedsList({ needs, compact = false }: { needs: readonly Need[] | undefined; compact?: boolean }) {
  const t = useT();
  if (!needs || needs.length === 0) return null;
  return (
    <ul className={compact ? "needs needs--compact" : "needs"} aria-label={t("Accessibility needs")}>
      {needs.map((need) => (
        <li key={need} className={`need need--${need}`}>
          <NeedIcon need={need} size={compact ? 18 : 24} />
          <span>{t(NEED_WORDS[need])}</span>
        </li>
      ))}
    </ul>
  );
}
