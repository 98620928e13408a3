/**
 * One checkbox per accessibility need, each with its icon and its
 * words: the rider's standing needs in Profile Settings and this ride's on
 * the rider screen. The list given back is folded (lib/needs.ts order).
 */
import { foldNeeds, type Need, NEED_WORDS, NEEDS } from "../lib/needs.ts";
import { NeedIcon } from "./NeedsList.tsx";
import { useT } from "./texts.tsx";

export interface NeedsChecksProps {
  needs: readonly Need[];
  disabled?: boolean;
  onChange(needs: Need[]): void;
}

export function NeedsChecks({ needs, disabled = false, onChange }: NeedsChecksProps) {
  const t = useT();
  return (
    <div className="ride-options__needs">
      {NEEDS.map((need) => (
        <label key={need} className="need-check">
          <input
            type="checkbox"
            name="needs"
            value={need}
            checked={needs.includes(need)}
            disabled={disabled}
            onChange={(e) =>
              onChange(foldNeeds(e.currentTarget.checked ? [...needs, need] : needs.filter((n) => n !== need)))}
          />
          <NeedIcon need={need} />
          <span>{t(NEED_WORDS[need])}</span>
        </label>
      ))}
    </div>
  );
}
