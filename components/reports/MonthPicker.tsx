/** The month field and its button: on the reports page, and atop the monthly summary it opens. */
import type { Text } from "../../lib/i18n/catalogue.ts";
import { useT } from "../texts.tsx";

export function MonthPicker({ action, month, button, className }: {
  action: string;
  month: string;
  button: Text;
  className: string;
}) {
  const t = useT();
  return (
    <form className={className} method="get" action={action}>
      <label>
        <span>{t("Month")}</span>
        <input
          type="month"
          name="month"
          defaultValue={month}
          required
          pattern="\d{4}-\d{2}"
          placeholder={t("YYYY-MM")}
        />
      </label>
      <button type="submit" className="button button--small">{t(button)}</button>
    </form>
  );
}
